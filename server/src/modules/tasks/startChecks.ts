// What a start needs beyond the status rules (SPEC §4): a bot and line still usable by the task's
// owner, at least one number, and a billing rate at some level of the owner's hierarchy, since a
// level without a rate is skipped by settlement (settle.ts chargeTalk) and an account with none would
// dial for free. The super administrator's own tasks are exempt: the platform does not bill itself.
// Rates cannot be removed through the API (only set, 0 and up), so a task started with a rate keeps
// one; the dial scheduler does not check again.
import type { Knex } from 'knex';
import { billingStatus } from '../../../../domain/taskStart';
import type { StartRefusal } from '../../../../domain/tasks';
import { ownerOf, usableBot, usableLine } from './repo';

type Db = Knex | Knex.Transaction;
const pathIds = (path: string) => path.split('/').filter(Boolean).map(Number);

/** Whether some account of `owner`'s billing chain has a rate ('exempt' for the platform itself). */
export async function billingOf(db: Db, owner: { id: number; path: string }) {
  const ids = pathIds(owner.path);
  const [platform, rated] = await Promise.all([
    db('accounts').whereIn('id', ids).where('level', 0).pluck('id'),
    db('billing_rates').whereIn('account_id', ids).pluck('account_id'),
  ]);
  return billingStatus(owner, platform.map(Number), new Set(rated.map(Number)));
}

/** The first reason the task cannot start, or null. */
export async function startRefusal(
  db: Db,
  row: { id: number | string; account_id: number | string; bot_id: unknown; line_id: unknown },
): Promise<StartRefusal | null> {
  // The bot or line may have been unpublished, disabled or unassigned since the task was saved.
  const owner = (await ownerOf(db, Number(row.account_id)))!;
  if (row.bot_id === null || !(await usableBot(db, owner, Number(row.bot_id)))) return 'noBot';
  if (row.line_id === null || !(await usableLine(db, owner, Number(row.line_id)))) return 'noLine';
  if (!(await db('task_numbers').where('task_id', row.id).first('id'))) return 'noNumbers';
  if ((await billingOf(db, owner)) === 'noRate') return 'noRate';
  return null;
}
