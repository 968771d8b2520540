import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { deliveryEstimate, spanOf } from '../../../shared/delivery-rules.js';
import { toKopecks, toRubles } from '../../../shared/money.js';
import type { DeliveryMethod, deliveryMethodInputSchema } from '../../../shared/schemas/delivery.js';
import { domainMessages } from '../../../shared/errors.js';
import type { Db } from '../../db/connection.js';
import type { DeliveryMethodsTable, DeliveryZonesTable } from '../../db/tables/delivery.js';
import { inTransaction } from '../../db/transaction.js';
import { nextVersion, sameVersion } from '../platform/versioned.js';

/**
 * Delivery methods (docs/delivery.md): the admin's CRUD with optimistic `version`, the courier's
 * zones written with their method. A method that orders name is made inactive instead of deleted.
 */

type MethodFields = z.output<typeof deliveryMethodInputSchema>;
type MethodRow = Pick<DeliveryMethodsTable, 'kind' | 'name' | 'freeFrom'> & {
  id: number;
  description: string;
  price: number;
  minDays: number;
  maxDays: number;
  active: boolean;
  position: number;
  version: number;
};
type ZoneRow = Pick<DeliveryZonesTable, 'name' | 'cities' | 'freeFrom'> & { id: number; methodId: number; price: number; minDays: number; maxDays: number };

/** A method and its zones as the database holds them (kopecks). */
export interface StoredMethod extends MethodRow {
  zones: ZoneRow[];
}

const methodColumns = ['id', 'kind', 'name', 'description', 'price', 'freeFrom', 'minDays', 'maxDays', 'active', 'position', 'version'] as const;

/** Methods (all, or the active ones) by position, each with its zones by position. */
export async function storedMethods(db: Db, options: { activeOnly: boolean; ids?: readonly number[] }): Promise<StoredMethod[]> {
  let query = db.selectFrom('deliveryMethods').select(methodColumns).orderBy('position').orderBy('id');
  if (options.activeOnly) query = query.where('active', '=', true);
  if (options.ids) query = query.where('id', 'in', options.ids.length ? options.ids : [0]);
  const methods = await query.execute();
  if (!methods.length) return [];
  const zones = await db
    .selectFrom('deliveryZones')
    .select(['id', 'methodId', 'name', 'cities', 'price', 'freeFrom', 'minDays', 'maxDays'])
    .where(
      'methodId',
      'in',
      methods.map((method) => method.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return methods.map((method) => ({ ...method, zones: zones.filter((zone) => zone.methodId === method.id) }));
}

/** A method as the API shows it: rubles, with its estimate (a courier's over all its zones). */
export function toDeliveryMethod(method: StoredMethod): DeliveryMethod {
  const span = method.kind === 'courier' ? (spanOf(method.zones) ?? method) : method;
  return {
    id: method.id,
    kind: method.kind,
    name: method.name,
    description: method.description,
    price: toRubles(method.price),
    freeFrom: method.freeFrom === null ? null : toRubles(method.freeFrom),
    minDays: method.minDays,
    maxDays: method.maxDays,
    estimate: deliveryEstimate(span.minDays, span.maxDays),
    active: method.active,
    position: method.position,
    zones: method.zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      cities: zone.cities,
      price: toRubles(zone.price),
      freeFrom: zone.freeFrom === null ? null : toRubles(zone.freeFrom),
      minDays: zone.minDays,
      maxDays: zone.maxDays,
    })),
    version: method.version,
  };
}

export async function listMethods(db: Db, activeOnly: boolean): Promise<DeliveryMethod[]> {
  return (await storedMethods(db, { activeOnly })).map(toDeliveryMethod);
}

async function getMethod(db: Db, id: number): Promise<DeliveryMethod> {
  const [method] = await storedMethods(db, { activeOnly: false, ids: [id] });
  if (!method) throw new TRPCError({ code: 'NOT_FOUND', message: 'Способ доставки не найден' });
  return toDeliveryMethod(method);
}

const stored = (fields: MethodFields) => ({
  kind: fields.kind,
  name: fields.name,
  description: fields.description,
  price: toKopecks(fields.price),
  freeFrom: fields.freeFrom === null ? null : toKopecks(fields.freeFrom),
  minDays: fields.minDays,
  maxDays: fields.maxDays,
  active: fields.active,
  position: fields.position,
});

/** The zones of a courier (other kinds keep none), replacing any it had. */
async function writeZones(trx: Db, methodId: number, fields: MethodFields): Promise<void> {
  await trx.deleteFrom('deliveryZones').where('methodId', '=', methodId).execute();
  const zones = fields.kind === 'courier' ? fields.zones : [];
  if (!zones.length) return;
  await trx
    .insertInto('deliveryZones')
    .values(
      zones.map((zone, position) => ({
        methodId,
        name: zone.name,
        cities: zone.cities,
        price: toKopecks(zone.price),
        freeFrom: zone.freeFrom === null ? null : toKopecks(zone.freeFrom),
        minDays: zone.minDays,
        maxDays: zone.maxDays,
        position,
      })),
    )
    .execute();
}

export async function createMethod(db: Db, fields: MethodFields): Promise<DeliveryMethod> {
  const id = await inTransaction(db, async (trx) => {
    const row = await trx.insertInto('deliveryMethods').values(stored(fields)).returning('id').executeTakeFirstOrThrow();
    await writeZones(trx, row.id, fields);
    return row.id;
  });
  return getMethod(db, id);
}

export async function updateMethod(db: Db, id: number, fields: MethodFields, version: number | undefined): Promise<DeliveryMethod> {
  await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('deliveryMethods')
      .set({ ...stored(fields), version: nextVersion, updatedAt: new Date() })
      .where('id', '=', id)
      .where(sameVersion(version))
      .returning('id')
      .executeTakeFirst();
    if (!updated) {
      const exists = await trx.selectFrom('deliveryMethods').select('id').where('id', '=', id).executeTakeFirst();
      throw exists ? new TRPCError({ code: 'CONFLICT', message: domainMessages.staleVersion }) : new TRPCError({ code: 'NOT_FOUND', message: 'Способ доставки не найден' });
    }
    await writeZones(trx, id, fields);
  });
  return getMethod(db, id);
}

/** Deleted when no order names it; otherwise made inactive (the orders keep their snapshot either way). */
export async function removeMethod(db: Db, id: number): Promise<{ ok: true; deactivated: boolean }> {
  const deactivated = await inTransaction(db, async (trx) => {
    const method = await trx.selectFrom('deliveryMethods').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!method) throw new TRPCError({ code: 'NOT_FOUND', message: 'Способ доставки не найден' });
    const used = await trx.selectFrom('checkouts').select('id').where('deliveryMethodId', '=', id).limit(1).executeTakeFirst();
    if (used) {
      await trx.updateTable('deliveryMethods').set({ active: false, version: nextVersion, updatedAt: new Date() }).where('id', '=', id).execute();
      return true;
    }
    await trx.deleteFrom('deliveryMethods').where('id', '=', id).execute();
    return false;
  });
  return { ok: true, deactivated };
}
