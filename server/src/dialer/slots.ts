// Busy slots: the calls not ended yet per line, account and task, counted in PostgreSQL by each tick
// (openCallCounts: one grouped index scan). The records are the only slot count: a call holds its
// slot from the claim that wrote its record to the close that ends it, so a worker that died mid-call
// holds its slot until the record is closed, and a call whose job has not reached a worker yet
// already counts. (Redis sets of call uuids per line, account and task used to mirror this; nothing
// read them, and they were dropped: issue 22.)
import type { Knex } from 'knex';
import { dialableSql } from '../db/dialable';

export interface OpenCounts {
  line: Map<number, number>;
  account: Map<number, number>;
  task: Map<number, number>;
}

/**
 * Calls not ended yet, per line, account and task (calls without a line hold no slot). An account with
 * a dial interval (accounts.dial_interval_seconds, at most an hour counted) has each robot rest that
 * long after its call: a task's call that ended within it still holds its robot (task and account), not
 * its line.
 */
export async function openCallCounts(db: Knex): Promise<OpenCounts> {
  const { rows } = await db.raw(
    `SELECT line_id, account_id, task_id, count(*)::int AS n FROM calls
     WHERE status <> 'ended' AND line_id IS NOT NULL GROUP BY 1, 2, 3
     UNION ALL
     SELECT NULL, a.id, r.task_id, r.n
     FROM (SELECT DISTINCT account_id FROM tasks
           WHERE ${dialableSql('status')} AND active AND deleted_at IS NULL) t
     JOIN accounts a ON a.id = t.account_id AND a.dial_interval_seconds > 0
     -- Per account, an index range of its calls that ended within its interval (calls_account_ended):
     -- LATERAL, so no plan reads every ended call; the constant hour (a longer rest counts as one
     -- hour) gives the planner a range it can estimate, or it scans all of an account's calls.
     CROSS JOIN LATERAL (SELECT c.task_id, count(*)::int AS n FROM calls c
       WHERE c.account_id = a.id AND c.status = 'ended' AND c.ended_at > now() - interval '1 hour'
         AND c.ended_at > now() - make_interval(secs => a.dial_interval_seconds) AND c.task_id IS NOT NULL
       GROUP BY c.task_id) r`,
  );
  const out: OpenCounts = { line: new Map(), account: new Map(), task: new Map() };
  const add = (m: Map<number, number>, id: number, n: number) => m.set(id, (m.get(id) ?? 0) + n);
  for (const r of rows as {
    line_id: string | null;
    account_id: string;
    task_id: string | null;
    n: number;
  }[]) {
    if (r.line_id !== null) add(out.line, Number(r.line_id), r.n);
    add(out.account, Number(r.account_id), r.n);
    if (r.task_id !== null) add(out.task, Number(r.task_id), r.n);
  }
  return out;
}
