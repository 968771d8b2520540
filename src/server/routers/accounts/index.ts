import { router } from '../../trpc.js';
import { authRouter } from './auth.js';
import { usersRouter } from './users.js';

/** Accounts: signing up, in and out, e-mail links (`auth`), and the user records (`users`). */
export const accountsRouter = router({
  auth: authRouter,
  users: usersRouter,
});
