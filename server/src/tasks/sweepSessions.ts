// Housekeeping every minute (one Bull repeatable job, so one process runs it at a time): sessions of
// accounts that have expired, and idle sessions, are ended and their sockets disconnected.
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { Code } from '../../../domain/api';
import type { Deps } from '../deps';
import { stoppedProcessing } from '../../../platform/queue';

export async function sweepSessions(
  db: Knex,
  config: Config,
): Promise<{ expired: string[]; accountExpired: string[] }> {
  const accountExpired = await db('sessions')
    .whereNull('revoked_at')
    .whereIn(
      'account_id',
      db('accounts').where('expires_at', '<=', db.fn.now()).orWhere('disabled', true).select('id'),
    )
    .update({ revoked_at: db.fn.now(), revoke_reason: 'account-expired' }, ['id']);
  const idleCutoff = new Date(Date.now() - config.session.idleMinutes * 60_000);
  const expired = await db('sessions')
    .whereNull('revoked_at')
    .where((q) =>
      q
        .where('expires_at', '<=', db.fn.now())
        .orWhere((w) => w.where('remember', false).where('last_seen_at', '<=', idleCutoff)),
    )
    .update({ revoked_at: db.fn.now(), revoke_reason: 'expired' }, ['id']);
  return {
    expired: expired.map((r: { id: string }) => r.id),
    accountExpired: accountExpired.map((r: { id: string }) => r.id),
  };
}

/** One sweep: end the sessions and disconnect their sockets. */
export async function sweepAndKick(deps: Deps): Promise<{ ended: number }> {
  const r = await sweepSessions(deps.db, deps.config);
  deps.live.kickSessions(r.accountExpired, Code.SessionRevoked);
  deps.live.kickSessions(r.expired, Code.SessionExpired);
  return { ended: r.expired.length + r.accountExpired.length };
}

export async function scheduleSweeper(deps: Deps): Promise<void> {
  const q = deps.queues.maintenance;
  q.process(() => sweepAndKick(deps)).catch(stoppedProcessing(q));
  await q.add(
    {},
    { repeat: { every: 60_000 }, jobId: 'sweep-sessions', removeOnComplete: true, removeOnFail: 100 },
  );
}
