// Inbound calls left open by a media worker that died: no Bull job brings them back (an inbound call
// is not a job), so every worker sweeps now and then. A record whose worker's heartbeat is gone is
// closed as unknown (90) and its channel hung up if the switch still has it; a record no worker ever
// claimed is closed once the channel claim has lapsed.
import type { Knex } from 'knex';
import type { EslNode } from '../esl/node';
import { lostCallOutcome } from './recover';
import { outcomeOf, UNKNOWN_FACTS, type Outcome } from './outcome';
import { closeRecord } from '../../../platform/callRecord';

export const SWEEP_MS = 15_000;
/** A record with no worker this old is lost (the channel claim lasts 6 h: inbound.ts CLAIM_TTL_S). */
const UNCLAIMED_MS = 6 * 3600 * 1000;
const BATCH = 100;

export interface SweepDeps {
  db: Knex;
  workerAlive(id: string): Promise<boolean>;
  nodeOf(name: string): EslNode | undefined;
  /** Calls this worker is running (never swept). */
  isActive(uuid: string): boolean;
}

/** Closes lost inbound calls; returns how many it closed. */
export async function sweepLostInbound(d: SweepDeps): Promise<number> {
  const rows = await d
    .db('calls')
    .where('direction', 'in')
    .whereNot('status', 'ended')
    .orderBy('id')
    .limit(BATCH)
    .select('id', 'call_uuid', 'media_worker', 'fs_node', 'created_at');
  let closed = 0;
  const alive = new Map<string, boolean>();
  for (const r of rows) {
    if (d.isActive(r.call_uuid)) continue;
    const owner: string | null = r.media_worker;
    if (owner) {
      if (!alive.has(owner)) alive.set(owner, await d.workerAlive(owner));
      if (alive.get(owner)) continue;
    } else if (Date.now() - new Date(r.created_at).getTime() < UNCLAIMED_MS) continue;
    const node = r.fs_node ? d.nodeOf(r.fs_node) : undefined;
    const o: Outcome = await lostCallOutcome(node ?? null, r.call_uuid).catch(() => {
      const now = Date.now() * 1000;
      return outcomeOf({
        ...UNKNOWN_FACTS,
        createdUs: now,
        hangupUs: now,
        unknown: { code: 'lost_inbound' },
      });
    });
    const done = await closeRecord(d.db, Number(r.id), {
      ...o,
      hangupCause: null,
      sipStatus: null,
      rounds: 0,
      recordingPath: null,
    });
    if (!done) continue;
    closed++;
  }
  return closed;
}
