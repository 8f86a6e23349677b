// The call's conversation lines (migration 2026-11-22-2100-calls) and a read of its record's status.
// The record itself (created, claimed for the originate, moved forward, closed once) is written by
// platform/callRecord.ts.
import type { Knex } from 'knex';
import {
  mergeCustomerLine,
  type CallStatus,
  type ConversationLine,
  type LineType,
} from '../../../domain/calls';
import { log } from '../../../platform/log';

export async function recordStatus(db: Knex, id: number): Promise<CallStatus | undefined> {
  return (await db('calls').where({ id }).first('status'))?.status;
}

export interface NewLine {
  khtype: LineType;
  khcontent: string;
  khvoicepath: string[];
  loseFlag?: boolean;
  reduceNoiseRate?: number | null;
  reason?: unknown;
}

/**
 * The transcript of one call, written as it happens. Writes are chained so seq order is the
 * speaking order; a customer line right after a customer line is merged into it (SPEC §3).
 */
export class Transcript {
  private seq = 0;
  private readonly bySeq = new Map<number, ConversationLine>();
  private last: ConversationLine | null = null;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Knex,
    private readonly callId: number,
    private readonly onLine: (line: ConversationLine) => void,
  ) {}

  get lastLine(): ConversationLine | null {
    return this.last;
  }

  add(l: NewLine): ConversationLine {
    const merged = mergeCustomerLine(this.last, l);
    const line: ConversationLine = merged
      ? { ...this.last!, ...merged, loseFlag: this.last!.loseFlag || !!l.loseFlag }
      : {
          seq: ++this.seq,
          khtype: l.khtype,
          khcontent: l.khcontent,
          khvoicepath: l.khvoicepath,
          loseFlag: !!l.loseFlag,
          inserttime: new Date().toISOString(),
          reduceNoiseRate: l.reduceNoiseRate ?? null,
          reason: l.reason ?? null,
        };
    this.last = line;
    this.write(line);
    return line;
  }

  /** Marks the last customer line as not understood (the engine found no match for it). */
  markLost(): void {
    if (!this.last || this.last.khtype !== 'customer' || this.last.loseFlag) return;
    this.last = { ...this.last, loseFlag: true };
    this.write(this.last);
  }

  /** Every line so far, in order (a merged customer line once, as it is now). */
  lines(): ConversationLine[] {
    return [...this.bySeq.values()];
  }

  private write(line: ConversationLine): void {
    this.bySeq.set(line.seq, line);
    this.onLine(line);
    const row = {
      call_id: this.callId,
      seq: line.seq,
      khtype: line.khtype,
      khcontent: line.khcontent,
      khvoicepath: line.khvoicepath,
      lose_flag: line.loseFlag,
      inserttime: line.inserttime,
      reduce_noise_rate: line.reduceNoiseRate,
      reason: JSON.stringify(line.reason ?? null),
    };
    this.chain = this.chain
      .then(() =>
        this.db('conversation_lines')
          .insert(row)
          .onConflict(['call_id', 'seq'])
          .merge(['khcontent', 'khvoicepath', 'lose_flag']),
      )
      .catch((err: Error) =>
        log.error('call: transcript write failed', { callId: this.callId, err: err.message }),
      );
  }

  /** Resolves when every line is written. */
  flush(): Promise<unknown> {
    return this.chain;
  }
}
