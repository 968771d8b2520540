import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Address, addressInputSchema, addressListSchema, DirectAddress } from '../../../shared/schemas/orders.js';
import type { AuthUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { inTransaction } from '../../db/transaction.js';
import { createOpaqueToken } from '../accounts/tokens.js';

export type AddressFields = z.output<typeof addressInputSchema>;
type ListInput = z.output<typeof addressListSchema>;

const columns = ['id', 'userId', 'firstName', 'lastName', 'address', 'city', 'country', 'zipCode', 'phone', 'isDefault', 'createdAt', 'updatedAt'] as const;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: orderMessages.addressNotFound });

/**
 * Someone else's address answers 403 whether or not it exists (its id tells nothing); a direct
 * address (no owner) is readable by staff only. Admin reaches every address.
 */
async function mustReach(db: Db, id: number, caller: AuthUser, lock = false): Promise<Address> {
  let query = db.selectFrom('addresses').select(columns).where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (caller.role === 'Admin') {
    if (!row) throw notFound();
    return row;
  }
  if (!row || row.userId !== caller.id) throw new TRPCError({ code: 'FORBIDDEN' });
  return row;
}

export function getAddress(db: Db, id: number, caller: AuthUser): Promise<Address> {
  return mustReach(db, id, caller);
}

function values({ firstName, lastName, address, city, country, zipCode, phone }: AddressFields) {
  return { firstName, lastName, address, city, country, zipCode, phone: phone ?? '' };
}

/**
 * One user's address writes wait for each other (their user row is locked), so that the rule
 * «exactly one default among a user's addresses» holds under concurrent requests too.
 */
async function lockOwner(trx: Db, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** Makes `id` the user's only default address. */
async function makeDefault(trx: Db, userId: number, id: number): Promise<void> {
  await trx.updateTable('addresses').set({ isDefault: false }).where('userId', '=', userId).where('isDefault', '=', true).where('id', '<>', id).execute();
  await trx.updateTable('addresses').set({ isDefault: true }).where('id', '=', id).execute();
}

/** A user's first address becomes their default; `isDefault: true` makes a later one the default. */
export function createAddress(db: Db, fields: AddressFields, userId: number): Promise<Address> {
  return inTransaction(db, (trx) => insertOwnAddress(trx, fields, userId));
}

/** createAddress inside a transaction already open (a checkout's «Сохранить адрес»). */
export async function insertOwnAddress(trx: Db, fields: AddressFields, userId: number): Promise<Address> {
  await lockOwner(trx, userId);
  const current = await trx.selectFrom('addresses').select('id').where('userId', '=', userId).where('isDefault', '=', true).executeTakeFirst();
  const row = await trx.insertInto('addresses').values({ ...values(fields), userId }).returning('id').executeTakeFirstOrThrow();
  if (fields.isDefault === true || !current) await makeDefault(trx, userId, row.id);
  return trx.selectFrom('addresses').select(columns).where('id', '=', row.id).executeTakeFirstOrThrow();
}

/**
 * POST /addresses/direct: a guest's address. Its id is sequential, so the address is reached only
 * with the random token answered here (stored as its SHA-256): a direct checkout presents both.
 */
export async function createDirectAddress(db: Db, fields: AddressFields): Promise<DirectAddress> {
  const { token, hash } = createOpaqueToken();
  const row = await inTransaction(db, (trx) =>
    trx.insertInto('addresses').values({ ...values(fields), userId: null, tokenHash: hash }).returning(columns).executeTakeFirstOrThrow(),
  );
  return { ...row, addressToken: token };
}

/** `isDefault: true` makes it the default; the default stays one until another is made default. */
export function updateAddress(db: Db, id: number, fields: AddressFields, caller: AuthUser): Promise<Address> {
  return inTransaction(db, async (trx) => {
    const { userId } = await mustReach(trx, id, caller);
    if (userId !== null) await lockOwner(trx, userId);
    await mustReach(trx, id, caller, true);
    await trx.updateTable('addresses').set({ ...values(fields), updatedAt: new Date() }).where('id', '=', id).execute();
    if (fields.isDefault === true && userId !== null) await makeDefault(trx, userId, id);
    return trx.selectFrom('addresses').select(columns).where('id', '=', id).executeTakeFirstOrThrow();
  });
}

/**
 * Orders keep their own copy of the address; deleting it leaves them as they are. Deleting the
 * default makes the newest remaining address the default.
 */
export function deleteAddress(db: Db, id: number, caller: AuthUser): Promise<{ ok: true }> {
  return inTransaction(db, async (trx) => {
    const { userId } = await mustReach(trx, id, caller);
    if (userId !== null) await lockOwner(trx, userId);
    const { isDefault } = await mustReach(trx, id, caller, true);
    await trx.deleteFrom('addresses').where('id', '=', id).execute();
    if (isDefault && userId !== null) {
      const newest = await trx.selectFrom('addresses').select('id').where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').executeTakeFirst();
      if (newest) await makeDefault(trx, userId, newest.id);
    }
    return { ok: true as const };
  });
}

/** GET /addresses: a User's own; an Admin's own unless `userId` names someone. */
export async function listAddresses(db: Db, input: ListInput, caller: AuthUser): Promise<{ rows: Address[]; length: number }> {
  if (input.userId !== undefined && input.userId !== caller.id && caller.role !== 'Admin') throw new TRPCError({ code: 'FORBIDDEN' });
  const userId = input.userId ?? caller.id;
  let query = db.selectFrom('addresses').where('userId', '=', userId);
  const contains = containsPattern;
  if (input.names) {
    const pattern = contains(input.names);
    query = query.where((eb) => eb.or([eb('firstName', 'ilike', pattern), eb('lastName', 'ilike', pattern)]));
  }
  if (input.address) query = query.where('address', 'ilike', contains(input.address));
  if (input.city) query = query.where('city', 'ilike', contains(input.city));
  if (input.country) query = query.where('country', 'ilike', contains(input.country));
  if (input.zipCode) query = query.where('zipCode', 'ilike', contains(input.zipCode));
  const [rows, count] = await Promise.all([
    query.select(columns).orderBy(input.sortBy, input.orderBy).orderBy('id', input.orderBy).limit(input.limit).offset(input.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, length: Number(count.n) };
}
