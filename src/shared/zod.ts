import { z } from 'zod';

// Every validation message, on the server and in the forms, is Russian.
z.config(z.locales.ru());

export { z };
