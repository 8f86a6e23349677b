// My customers: create and edit (SPEC §5 name and phone rules, hidden numbers stay hidden), focus and
// read marks, batch delete behind the typed word, and tags on many customers at once.
import type { Knex } from 'knex';
import type { CustomerDto } from '../../../../../domain/crm';
import type { Deps } from '../../../deps';
import { fieldError, notFound } from '../../../http/errors';
import { phoneHash } from '../../../../../platform/secrets';
import type { AuthContext } from '../../auth/sessions';
import { usableTagIds } from '../tags/repo';
import { presentCustomer } from './presenters';
import { customerWithPhone, lockCustomerPhone } from './phoneLock';
import { addTags, deleteMine, findMine, mine, removeTags, setTags, tagIdsOf } from './repo';
import type { CustomerInput } from './schema';

export async function getCustomer(db: Knex, auth: AuthContext, id: number): Promise<CustomerDto> {
  const row = await findMine(db, auth.actor, id);
  if (!row) throw notFound();
  return presentCustomer(row, (await tagIdsOf(db, [id])).get(id));
}

/** Every id must be a tag the caller may use; another tree's tag looks missing (404). */
async function assertUsable(db: Knex, auth: AuthContext, tagIds: number[]): Promise<number[]> {
  const unique = [...new Set(tagIds)];
  if ((await usableTagIds(db, auth.actor, unique)).length !== unique.length) throw notFound();
  return unique;
}

function columnsOf(deps: Deps, v: CustomerInput): Record<string, unknown> {
  const cols: Record<string, unknown> = {
    name: v.name,
    contact: v.contact,
    sex: v.sex,
    company: v.company,
    address: v.address,
    source: v.source,
    stage: v.stage,
  };
  if (v.phone !== undefined)
    Object.assign(cols, { phone: v.phone, phone_hash: phoneHash(deps.config.secretKey, v.phone) });
  // remarks[i] goes to remark{i+1}; the remarks not sent are left alone.
  v.remarks?.forEach((r, i) => (cols[`remark${i + 1}`] = r));
  for (const k of Object.keys(cols)) if (cols[k] === undefined) delete cols[k];
  return cols;
}

/**
 * One customer per number in the caller's tree: under the number's lock (phoneLock.ts), a number some
 * customer of the subtree already has is refused, naming that customer.
 */
async function assertPhoneFree(
  trx: Knex.Transaction,
  auth: AuthContext,
  hash: string,
  exceptId?: number,
): Promise<void> {
  await lockCustomerPhone(trx, auth.actor, hash);
  const taken = await customerWithPhone(trx, auth.actor, hash, exceptId);
  if (taken !== null) throw fieldError('phone', 'validation.phoneTaken', { id: taken }, 409);
}

export async function createCustomer(deps: Deps, auth: AuthContext, v: CustomerInput): Promise<CustomerDto> {
  const tagIds = await assertUsable(deps.db, auth, v.tagIds ?? []);
  const id = await deps.db.transaction(async (trx) => {
    await assertPhoneFree(trx, auth, phoneHash(deps.config.secretKey, v.phone!));
    const [row] = await trx('customers')
      .insert({ ...columnsOf(deps, v), account_id: auth.actor.id })
      .returning('id');
    const id = Number(row.id);
    await setTags(trx, id, tagIds);
    return id;
  });
  return getCustomer(deps.db, auth, id);
}

export async function updateCustomer(
  deps: Deps,
  auth: AuthContext,
  id: number,
  v: CustomerInput,
): Promise<CustomerDto> {
  const current = await findMine(deps.db, auth.actor, id);
  if (!current) throw notFound();
  // A hidden number (import option 4) is never shown, so it cannot be replaced from the form.
  if (v.phone !== undefined && current.phone_hidden) throw fieldError('phone', 'validation.phoneHidden');
  const tagIds = v.tagIds && (await assertUsable(deps.db, auth, v.tagIds));
  await deps.db.transaction(async (trx) => {
    const cols = columnsOf(deps, v);
    if (v.phone !== undefined) await assertPhoneFree(trx, auth, cols.phone_hash as string, id);
    if (Object.keys(cols).length)
      await mine(trx, auth.actor)
        .where('c.id', id)
        .update({ ...cols, updated_at: trx.fn.now() });
    if (tagIds) await setTags(trx, id, tagIds);
  });
  return getCustomer(deps.db, auth, id);
}

/** Sets one flag (focus, read) on one of my customers. */
export async function markCustomer(
  deps: Deps,
  auth: AuthContext,
  id: number,
  patch: { focus: boolean } | { read: true },
): Promise<CustomerDto> {
  const n = await mine(deps.db, auth.actor)
    .where('c.id', id)
    .update({ ...patch, updated_at: deps.db.fn.now() });
  if (!n) throw notFound();
  return getCustomer(deps.db, auth, id);
}

/** Ids outside the caller's scope are skipped, so a repeated submit deletes 0. */
export const deleteCustomers = async (deps: Deps, auth: AuthContext, ids: number[]) => ({
  deleted: await deleteMine(deps.db, auth.actor, [...new Set(ids)]),
});

/** Adds and removes tags on many customers; every customer and tag must be in reach (else 404). */
export async function assignTags(
  deps: Deps,
  auth: AuthContext,
  v: { customerIds: number[]; add: number[]; remove: number[] },
): Promise<{ added: number; removed: number }> {
  const customerIds = [...new Set(v.customerIds)];
  const [add, remove] = [
    await assertUsable(deps.db, auth, v.add),
    await assertUsable(deps.db, auth, v.remove),
  ];
  return deps.db.transaction(async (trx) => {
    // Lock the customers so a concurrent delete or hand-over cannot slip between check and write.
    const found = await mine(trx, auth.actor).whereIn('c.id', customerIds).forUpdate().select('c.id');
    if (found.length !== customerIds.length) throw notFound();
    return {
      added: await addTags(trx, customerIds, add),
      removed: await removeTags(trx, customerIds, remove),
    };
  });
}
