// Dashboard (issue 7): one index for its figures over ended calls by owner and end time. Today's and
// the 7-day figures are range scans of it; the all-time total reads it once per day (the part before
// the 7-day window is cached). The INCLUDE columns let every dashboard query run as an index-only
// scan, without touching the wide call rows. Partial on 'ended': open calls never count.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX calls_account_ended ON calls (account_id, ended_at)
       INCLUDE (result_level, talk_ms, billable_ms, charged_fen, test)
       WHERE status = 'ended'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS calls_account_ended');
}
