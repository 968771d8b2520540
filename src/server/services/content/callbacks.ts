import type { z } from 'zod';
import type { callbackSchema } from '../../../shared/schemas/content.js';
import type { Context } from '../../context.js';
import { callbackLetter } from './letters.js';

/** A callback request: stored, and e-mailed to the shop's own address (SHOP_EMAIL) only. */
export async function requestCallback(ctx: Pick<Context, 'db' | 'config' | 'mailer'>, input: z.output<typeof callbackSchema>): Promise<{ ok: true }> {
  await ctx.db.insertInto('callbackRequests').values(input).execute();
  ctx.mailer.sendInBackground(() => Promise.resolve(callbackLetter({ to: ctx.config.shopEmail, ...input })));
  return { ok: true };
}
