// Mantine's Select as a module of its own, for LazySelect's dynamic import.
export { Select as default } from '@mantine/core';
