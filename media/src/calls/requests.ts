// What the customer asked for during the call (the engine's optOut and remind actions), kept on the
// call's record as soon as it is heard: calls.opt_out_sentence (the first) and calls.callback (the
// last). The media worker writes its call tables only; the customer center and the blacklists are the
// server's, whose settlement of the ended call applies both once (server/src/dialer/requests.ts). Kept
// on the record before the call ends, a request survives a worker that dies mid-call: the retry closes
// the record, and the settlement still finds it.
import type { Knex } from 'knex';
import { encryptSecret } from '../../../platform/secrets';
import type { BotAction } from '../../../domain/bot';
import { requestSentence, type CallbackNote } from '../../../domain/callback';
import { log } from '../../../platform/log';

export class CustomerRequests {
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Knex,
    private readonly secretKey: string,
    private readonly callId: number,
    private readonly phone: string,
  ) {}

  /**
   * Keeps an optOut or remind action on the record (in order); other actions are not requests. Never
   * throws: it runs on the call's event path.
   */
  note(a: BotAction, now = new Date()): void {
    if (a.type === 'optOut') this.write(() => ({ opt_out_sentence: requestSentence(a.sentence) }), true);
    else if (a.type === 'remind')
      this.write(() => {
        const note: CallbackNote = {
          when: a.when,
          sentence: requestSentence(a.sentence),
          at: now.toISOString(),
          phoneCipher: encryptSecret(this.secretKey, this.phone),
        };
        return { callback: JSON.stringify(note) };
      }, false);
  }

  /** Resolves when every request heard so far is written. */
  flush(): Promise<unknown> {
    return this.writes;
  }

  /** A settled record is not changed any more (what it asked for has been applied). */
  private write(cols: () => Record<string, string>, firstOnly: boolean): void {
    this.writes = this.writes
      .then(() =>
        this.db('calls')
          .where({ id: this.callId })
          .whereNull('settled_at')
          .modify((q) => {
            if (firstOnly) q.whereNull('opt_out_sentence');
          })
          .update(cols()),
      )
      .catch((err: Error) =>
        log.error('call: customer request not stored', { callId: this.callId, err: err.message }),
      );
  }
}
