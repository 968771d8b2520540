import type { z } from 'zod';
import type { callbackSchema } from '../../../shared/schemas/content.js';
import type { Context } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { recordConsent } from './consents.js';
import { callbackLetter } from './letters.js';

/** A callback request: stored with its consent, and e-mailed to the shop's own address (SHOP_EMAIL) only. */
export async function requestCallback(ctx: Pick<Context, 'db' | 'config' | 'mailer' | 'ip'>, input: z.output<typeof callbackSchema>): Promise<{ ok: true }> {
  await inTransaction(ctx.db, async (trx) => {
    const row = await trx.insertInto('callbackRequests').values({ name: input.name, phone: input.phone, comment: input.comment }).returning('id').executeTakeFirstOrThrow();
    await recordConsent(trx, { kind: 'callback', subjectId: row.id, contact: input.phone, ip: ctx.ip });
  });
  ctx.mailer.sendInBackground(() => Promise.resolve(callbackLetter({ to: ctx.config.shopEmail, ...input })));
  return { ok: true };
}
