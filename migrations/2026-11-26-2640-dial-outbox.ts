// Issue 21: a claim and its dial jobs are one unit. The calls rows the claim writes are the jobs'
// outbox: job_queued_at NULL until the job is in the queue (server/src/dialer/claim.ts relayOutbox).
// Every other writer of calls (test calls, inbound, media's ensureRecord) gets the default: queued.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A volatile default would rewrite the table; add the column empty, then set the default for new
  // rows (existing rows are old enough to have had their jobs: the NULL ones are marked below).
  await knex.raw('ALTER TABLE calls ADD COLUMN job_queued_at timestamptz');
  await knex.raw('UPDATE calls SET job_queued_at = created_at');
  await knex.raw('ALTER TABLE calls ALTER COLUMN job_queued_at SET DEFAULT now()');
  // The relay's scan: only rows still in the outbox (a handful at any time).
  await knex.raw('CREATE INDEX calls_job_outbox ON calls (id) WHERE job_queued_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS calls_job_outbox');
  await knex.raw('ALTER TABLE calls DROP COLUMN IF EXISTS job_queued_at');
}
