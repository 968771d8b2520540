import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { deliveryMessages, pickupPointMapUrl } from '../../../shared/delivery-rules.js';
import type { PickupPoint, pickupPointInputSchema } from '../../../shared/schemas/delivery.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';

/** The shop's pickup points (docs/delivery.md). A point that orders name is made inactive instead of deleted. */

type PointFields = z.output<typeof pickupPointInputSchema>;

const pointColumns = ['id', 'name', 'city', 'address', 'hours', 'latitude', 'longitude', 'active'] as const;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: deliveryMessages.pointNotFound });

export function toPickupPoint(row: Omit<PickupPoint, 'mapUrl'>): PickupPoint {
  return { ...row, mapUrl: pickupPointMapUrl(row.latitude, row.longitude) };
}

export async function listPoints(db: Db, activeOnly: boolean): Promise<PickupPoint[]> {
  const rows = await db
    .selectFrom('pickupPoints')
    .select(pointColumns)
    .$if(activeOnly, (query) => query.where('active', '=', true))
    .orderBy('position')
    .orderBy('city')
    .orderBy('id')
    .execute();
  return rows.map(toPickupPoint);
}

async function getPoint(db: Db, id: number): Promise<PickupPoint> {
  const row = await db.selectFrom('pickupPoints').select(pointColumns).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toPickupPoint(row);
}

export async function createPoint(db: Db, fields: PointFields): Promise<PickupPoint> {
  const { id } = await db.insertInto('pickupPoints').values(fields).returning('id').executeTakeFirstOrThrow();
  return getPoint(db, id);
}

export async function updatePoint(db: Db, id: number, fields: PointFields): Promise<PickupPoint> {
  const updated = await db.updateTable('pickupPoints').set({ ...fields, updatedAt: new Date() }).where('id', '=', id).returning('id').executeTakeFirst();
  if (!updated) throw notFound();
  return getPoint(db, id);
}

/** Deleted when no order names it; otherwise made inactive (the orders keep their snapshot either way). */
export async function removePoint(db: Db, id: number): Promise<{ ok: true; deactivated: boolean }> {
  const deactivated = await inTransaction(db, async (trx) => {
    const point = await trx.selectFrom('pickupPoints').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!point) throw notFound();
    const used = await trx.selectFrom('checkouts').select('id').where('pickupPointId', '=', id).limit(1).executeTakeFirst();
    if (used) {
      await trx.updateTable('pickupPoints').set({ active: false, updatedAt: new Date() }).where('id', '=', id).execute();
      return true;
    }
    await trx.deleteFrom('pickupPoints').where('id', '=', id).execute();
    return false;
  });
  return { ok: true, deactivated };
}
