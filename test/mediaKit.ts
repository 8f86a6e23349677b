// A media worker for tests that run whole calls against a test platform and the simulator.
import { randomUUID } from 'node:crypto';
import { startCallWorker, type CallWorker } from '../media/src/calls/worker';
import { DEFAULT_PERSONAS, type Persona } from '../media/src/sim/personas';
import { mortgageYesPersona } from '../media/src/sim/testing';
import type { TestPlatform } from './harness';

/** A CallWorker on the platform's database and Redis, driving the simulator on `simPort`. */
export const startTestWorker = (p: TestPlatform, simPort: number, timeScale: number): Promise<CallWorker> =>
  startCallWorker({
    config: p.config,
    db: p.db.knex,
    nodes: [{ id: 1, name: 'fs-test', host: '127.0.0.1', port: simPort, password: 'ClueCon', weight: 10 }],
    backoff: { baseMs: 50, capMs: 300 },
    timeScale,
    lostAfterMs: 3000,
  });

/**
 * The personas of a whole-call test: the callee at `phone` answers the demo mortgage bot's questions
 * (so it transfers to seat group 1), every other number as the defaults say.
 */
export const transferringCallee = (
  phone: string,
  over: Partial<Omit<Parameters<typeof mortgageYesPersona>[0], 'match'>> = {},
): Persona[] => [
  mortgageYesPersona({
    name: 'e2e-yes',
    match: `^${phone}$`,
    ringMs: [300, 300],
    replyDelayMs: [200, 200],
    ...over,
  }),
  ...DEFAULT_PERSONAS,
];

/** Dials `phone` with merchant01's first (demo) bot on the simulator's line; resolves with the call uuid. */
export async function dialDemoBot(
  p: TestPlatform,
  phone: string,
  customerId: number | null = null,
): Promise<string> {
  const k = p.db.knex;
  const merchant = Number((await k('accounts').where({ account: 'merchant01' }).first('id')).id);
  const bot = await k('bots').where({ account_id: merchant }).orderBy('id').first('id', 'published_version');
  const line = await k('sip_lines').where({ name: 'sim-line-1' }).first('id');
  const uuid = randomUUID();
  await p.server.deps.queues.dial.add(
    {
      callUuid: uuid,
      accountId: merchant,
      botId: Number(bot.id),
      botVersion: Number(bot.published_version),
      lineId: Number(line.id),
      phone,
      callerNumber: '',
      customerId,
    },
    { jobId: uuid },
  );
  return uuid;
}

/** Resolves once a socket of the seat's user sits in the seat's room (the connect-time reconcile). */
export async function seatSocketJoined(p: TestPlatform, seatId: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await p.server.io.in(`seat:${seatId}`).fetchSockets()).length === 0) {
    if (Date.now() > deadline) throw new Error('the seat user never joined its room');
    await new Promise((r) => setTimeout(r, 50));
  }
}
