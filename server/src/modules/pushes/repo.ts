// Push addresses, the task push secret, the platform switch and the delivery log, always through
// the tenant scope: an account sees and changes only its own rows.
import type { Knex } from 'knex';
import type {
  DeliveryStatus,
  PushAddressDto,
  PushAddressInput,
  PushDeliveryDto,
} from '../../../../domain/pushes';
import { scoped, type Actor } from '../../db/scope';
import type { DeliveryListRow, PushAddressRow } from './rows';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const presentAddress = (r: PushAddressRow): PushAddressDto => ({
  id: Number(r.id),
  name: r.name,
  url: r.url,
  params: r.params,
  headers: r.headers,
  grades: (r.grades ?? []).map(Number),
  enabled: r.enabled,
  secretSet: Boolean(r.secret_enc),
  secretRotatedAt: iso(r.secret_rotated_at),
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
});

/** The caller's own addresses (an account's push addresses are its own settings). */
const own = (db: Knex, actor: Actor) =>
  scoped(db('push_addresses'), db, actor).where('push_addresses.account_id', actor.id);

export async function listAddresses(db: Knex, actor: Actor): Promise<PushAddressDto[]> {
  return (await own(db, actor).orderBy('id').select<PushAddressRow[]>('*')).map(presentAddress);
}

export async function findAddress(db: Knex, actor: Actor, id: number) {
  return own(db, actor).where('id', id).first<PushAddressRow | undefined>('*');
}

const columns = (v: PushAddressInput) => ({
  name: v.name,
  url: v.url,
  params: JSON.stringify(v.params),
  headers: JSON.stringify(v.headers),
  grades: v.grades,
  enabled: v.enabled,
});

export async function insertAddress(
  db: Knex,
  actor: Actor,
  v: PushAddressInput,
  secretEnc: string,
): Promise<PushAddressDto> {
  const [row] = await db('push_addresses')
    .insert({ ...columns(v), account_id: actor.id, secret_enc: secretEnc, created_by: actor.id })
    .returning<PushAddressRow[]>('*');
  return presentAddress(row!);
}

export async function updateAddress(db: Knex, actor: Actor, id: number, v: PushAddressInput) {
  const [row] = await own(db, actor)
    .where('id', id)
    .update({ ...columns(v), updated_at: db.fn.now() })
    .returning<PushAddressRow[]>('*');
  return row ? presentAddress(row) : undefined;
}

export async function rotateAddressSecret(db: Knex, actor: Actor, id: number, secretEnc: string) {
  const [row] = await own(db, actor)
    .where('id', id)
    .update({ secret_enc: secretEnc, secret_rotated_at: db.fn.now(), updated_at: db.fn.now() })
    .returning<PushAddressRow[]>('*');
  return row ? presentAddress(row) : undefined;
}

export const deleteAddress = (db: Knex, actor: Actor, id: number): Promise<number> =>
  own(db, actor).where('id', id).delete();

// ---- the task push secret ----

export async function taskSecretRow(db: Knex, accountId: number) {
  return db('push_task_secrets').where({ account_id: accountId }).first();
}

export async function setTaskSecret(db: Knex, accountId: number, secretEnc: string): Promise<Date> {
  const [row] = await db('push_task_secrets')
    .insert({ account_id: accountId, secret_enc: secretEnc, rotated_at: db.fn.now() })
    .onConflict('account_id')
    .merge(['secret_enc', 'rotated_at'])
    .returning('rotated_at');
  return row.rotated_at;
}

// ---- the platform switch ----

export async function allowPrivateTargets(db: Knex): Promise<boolean> {
  const row = await db('push_platform').where({ id: 1 }).first('allow_private_targets');
  return Boolean(row?.allow_private_targets);
}

export async function setAllowPrivateTargets(db: Knex, actor: Actor, allow: boolean): Promise<void> {
  await db('push_platform')
    .insert({ id: 1, allow_private_targets: allow, updated_by: actor.id, updated_at: db.fn.now() })
    .onConflict('id')
    .merge();
}

// ---- the delivery log ----

export const presentDelivery = (r: DeliveryListRow): PushDeliveryDto => ({
  id: Number(r.id),
  callId: Number(r.call_id),
  callUuid: r.call_uuid,
  kind: r.kind,
  addressId: numOrNull(r.address_id),
  addressName: r.address_name ?? null,
  taskId: numOrNull(r.task_id),
  url: r.url,
  pushId: r.push_id,
  status: r.status,
  attempts: Number(r.attempts),
  lastStatus: numOrNull(r.last_status),
  lastError: r.last_error,
  nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
  deliveredAt: iso(r.delivered_at),
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
});

const deliveries = (db: Knex, actor: Actor) =>
  scoped(db('push_deliveries as d'), db, actor, 'd.account_id')
    .where('d.account_id', actor.id)
    .join('calls as c', 'c.id', 'd.call_id')
    .leftJoin('push_addresses as a', 'a.id', 'd.address_id')
    .select<DeliveryListRow[]>('d.*', 'c.call_uuid', 'a.name as address_name');

export async function listDeliveries(
  db: Knex,
  actor: Actor,
  f: { status?: DeliveryStatus; limit: number; before?: number },
): Promise<PushDeliveryDto[]> {
  const rows = await deliveries(db, actor)
    .modify((q) => {
      if (f.status) q.where('d.status', f.status);
      if (f.before) q.where('d.id', '<', f.before);
    })
    .orderBy('d.id', 'desc')
    .limit(f.limit);
  return rows.map(presentDelivery);
}

export async function findDelivery(db: Knex, actor: Actor, id: number) {
  const row = await deliveries(db, actor).where('d.id', id).first();
  return row ? presentDelivery(row) : undefined;
}

/** A failed (or waiting) delivery tried again now, with a fresh retry budget. */
export async function resetForRetry(db: Knex, id: number): Promise<boolean> {
  const n = await db('push_deliveries')
    .where({ id })
    .whereIn('status', ['failed', 'pending'])
    .update({ status: 'pending', attempts: 0, next_attempt_at: db.fn.now(), updated_at: db.fn.now() });
  return n > 0;
}
