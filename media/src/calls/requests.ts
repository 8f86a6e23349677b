// What the customer asked for during the call (the engine's optOut and remind actions), kept on the
// call's record as soon as it is heard: calls.opt_out_sentence (the first) and calls.callback (the
// last), written through platform/callRecord.ts. The media worker writes its call tables only; the
// customer center and the blacklists are the server's, whose settlement of the ended call applies
// both once (server/src/dialer/requests.ts). Kept on the record before the call ends, a request
// survives a worker that dies mid-call: the retry closes the record, and the settlement still finds it.
import type { Knex } from 'knex';
import { encryptSecret } from '../../../platform/secrets';
import type { BotAction } from '../../../domain/bot';
import { requestSentence, type CallbackNote } from '../../../domain/callback';
import { log } from '../../../platform/log';
import { storeCallback, storeOptOutSentence } from '../../../platform/callRecord';

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
    if (a.type === 'optOut')
      this.write(() => storeOptOutSentence(this.db, this.callId, requestSentence(a.sentence)));
    else if (a.type === 'remind')
      this.write(() => {
        const note: CallbackNote = {
          when: a.when,
          sentence: requestSentence(a.sentence),
          at: now.toISOString(),
          phoneCipher: encryptSecret(this.secretKey, this.phone),
        };
        return storeCallback(this.db, this.callId, JSON.stringify(note));
      });
  }

  /** Resolves when every request heard so far is written. */
  flush(): Promise<unknown> {
    return this.writes;
  }

  /**
   * Chains one write (platform/callRecord.ts: a settled record is not changed any more, and only the
   * first opt-out sentence is kept).
   */
  private write(store: () => Promise<void>): void {
    this.writes = this.writes
      .then(store)
      .catch((err: Error) =>
        log.error('call: customer request not stored', { callId: this.callId, err: err.message }),
      );
  }
}
