// The demo as `npm start` runs it, measured: merchant01 runs a task of 50 numbers with each demo bot
// against the simulator's default virtual customers (personas picked by the number, seed 1 as the
// demo's simulator), and operator01's seat on the demo floor (scripts/demo-floor.ts) accepts every
// pop-up and is ready again after each call. A realistic share of leads must reach the transfer node
// and the seat, with A/B grades among the results. The counts are printed (the README quotes them).
import type { Socket } from 'socket.io-client';
import type { SeatOfferEvent } from '../../../../../domain/events';
import type { SeatDto } from '../../../../../domain/seats';
import { DEMO_BOTS } from '../../../../../domain/bot/demo';
import { startSimulator, type Simulator } from '../../../../../media/src/sim/server';
import { DEFAULT_PERSONAS, pickPersona } from '../../../../../media/src/sim/personas';
import { hashSeed, mulberry32 } from '../../../../../media/src/sim/random';
import type { CallWorker } from '../../../../../media/src/calls/worker';
import { seedDemoFloor } from '../../../../../scripts/demo-floor';
import { insertTask, ids as demoIds } from '../../../dialer/testKit';
import { startTestWorker } from '../../../../../test/mediaKit';
import { liveSocket, loggedIn } from '../../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { until } from '../../../../../test/until';
import { wrapUp } from './transfer';
import type { ApiClient } from '../../../../../test/apiClient';

// 20x simulated time. The server's work (recognition results, the offer, the seat's accept) takes real
// time, which counts 20 times over against a customer's patience, and how much of it there is depends
// on the machine's load, not on the code under test: with patience left in, a loaded CI worker made
// interested customers (who hang up 5 simulated minutes after answering) run out of it while queued
// for the one seat, and the share of accepted transfers was a measure of the machine (the bot's
// maximum call length, 15 s here, also cut waiting leads until it was made the bot's part only). Here the
// interested customer stays until the bot or the seat ends the call, as the leads that ask for a person
// already do (they end after a number of replies, never on a clock); the personas are otherwise the
// demo's (the same picks by number: weights unchanged). The seat talks to each lead it takes for a
// short while (TALK_MS of real time, 10 simulated seconds) and hangs up, as a seat ends a call.
const SCALE = 0.05;
const TALK_MS = 500;
const PATIENT_PERSONAS = DEFAULT_PERSONAS.map((p) =>
  p.name === 'interested' ? { ...p, hangupAtMs: undefined } : p,
);
const LEAD_PERSONAS = ['interested', 'asks-human', 'wants-manager'];
const CALLS = 50;
const LETTER: Record<number, string> = { 21: 'A', 22: 'B', 23: 'C', 24: 'D', 25: 'E', 26: 'F' };

let p: TestPlatform;
let sim: Simulator;
let worker: CallWorker;
let op: ApiClient;
let opS: Socket;
let seat: SeatDto;
const totals = { calls: 0, leads: 0, reached: 0, accepted: 0, waitingLost: 0 };
const seatLog: string[] = [];

beforeAll(async () => {
  p = await startTestPlatform({ config: { dialer: { enabled: true, tickMs: 100 } } });
  await seedDemoFloor(p.db.knex);
  // The bots' maximum call length counts the server's real time 20 times over as well: the demo's
  // 5 minutes are 15 s here, which a loaded machine's slow recognition used up before some leads
  // reached the transfer (the hard stop then cut them, graded D or E, or while the seat was offered).
  await p.db
    .knex('bot_versions')
    .update({ definition: p.db.knex.raw(`jsonb_set(definition, '{settings,maxCallMinutes}', '20')`) });
  sim = await startSimulator({ timeScale: SCALE, seed: 1, heartbeatMs: 0, personas: PATIENT_PERSONAS });
  worker = await startTestWorker(p, sim.port, SCALE);
  op = await loggedIn(p, 'operator01');
  opS = await liveSocket(p, op);
  seat = (await op.get<SeatDto[]>('/api/seats/mine')).body.data![0]!;
  await until(async () => (await p.server.io.in(`seat:${seat.id}`).fetchSockets()).length === 1);
  await op.put(`/api/seats/${seat.id}/state`, { online: true });
  // Without a disposition the seat is idle again after the wrap-up time (shortened here).
  wrapUp.timeoutMs = 1000;
  // The seat takes every pop-up, talks a while and hangs up; it is ready again once the call ended
  // (wrap-up done). The hang-up comes after the accept's acknowledgement whenever that comes: with a
  // 3 s ack timeout on a loaded machine the hang-up was skipped, the lead stayed bridged until its
  // patience ran out, and the leads queued behind it for the one seat hung up waiting.
  opS.on('seat:offer', (e: SeatOfferEvent) => {
    void opS
      .timeout(60_000)
      .emitWithAck('seat:answer', { callUuid: e.callUuid, seatId: e.seatId, accept: true })
      .catch(() => undefined)
      .then(() => new Promise((r) => setTimeout(r, TALK_MS)))
      .then(() => op.post(`/api/seats/${seat.id}/desk/calls/${e.callUuid}/hangup`, {}))
      .catch(() => undefined);
  });
  opS.on(
    'seat:state',
    (e: { seatId: number; state: { activity: string; status: string; callUuid: string | null } }) => {
      seatLog.push(`${e.state.status}/${e.state.activity}/${e.state.callUuid?.slice(0, 8) ?? '-'}`);
      if (e.seatId === seat.id && e.state.activity === 'wrapup')
        void op.put(`/api/seats/${seat.id}/state`, { ready: true });
    },
  );
}, 60_000);

afterAll(async () => {
  opS?.disconnect();
  await worker?.close();
  await sim?.close();
  await p?.close();
});

it.each(DEMO_BOTS.map((b, i) => [b.key, i] as const))(
  'a demo task of 50 numbers with %s: A/B leads, and transfers the seat accepts',
  async (_key, index) => {
    const k = p.db.knex;
    const id = await demoIds(p);
    const bot = await k('bots')
      .where({ account_id: id.merchant, name: DEMO_BOTS[index]!.name })
      .whereNull('deleted_at')
      .first('id');
    const numbers = Array.from(
      { length: CALLS },
      (_, i) => `139${index}${String(i * 7919).padStart(7, '0')}`,
    );
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: Number(bot.id),
      lineId: id.line,
      robots: 10,
      numbers,
      status: 2,
    });
    await until(async () => (await k('tasks').where({ id: taskId }).first('status')).status === 100, 240_000);
    const records = await k('calls as c')
      .join('task_numbers as n', 'n.id', 'c.task_number_id')
      .where({ 'c.task_id': taskId })
      .select('c.id', 'c.grade', 'c.transfer_outcome', 'c.reason', 'c.hangup_cause', 'c.talk_ms', 'n.phone');
    // A call a loaded worker gave up on before the originate is a record of its own (kind notPlaced)
    // and its number goes back to the task (dialer/returnUndialled.ts): it was never a dial.
    const calls = records.filter((c) => (c.reason as { kind?: string } | null)?.kind !== 'notPlaced');
    // Which virtual customer each number was (the simulator's draw for a first call, seed 1).
    const personaOf = (phone: string) =>
      pickPersona(DEFAULT_PERSONAS, phone, mulberry32(hashSeed(1, `${phone}#1`))).name;
    const leads = calls
      .filter((c) => c.transfer_outcome !== null || LEAD_PERSONAS.includes(personaOf(c.phone)))
      .map((c) => `${personaOf(c.phone)}:${LETTER[Number(c.grade)] ?? '-'}:${c.transfer_outcome ?? 'none'}`);
    const grades: Record<string, number> = {};
    for (const c of calls) {
      const g = c.grade ? LETTER[Number(c.grade)] : '-';
      grades[g!] = (grades[g!] ?? 0) + 1;
    }
    const reached = calls.filter((c) => c.transfer_outcome !== null).length;
    const accepted = calls.filter((c) => c.transfer_outcome === 'accepted').length;
    console.log(
      `${DEMO_BOTS[index]!.key}: ${calls.length} calls; grades ${JSON.stringify(grades)}; ` +
        `transfer node reached ${reached}, accepted by the seat ${accepted}; leads ${leads.join(' ')}`,
    );
    if (accepted < reached) {
      console.log(`seat states: ${seatLog.join(' ')}`);
      const why = calls.filter((c) => c.transfer_outcome && c.transfer_outcome !== 'accepted');
      for (const c of why) {
        // The end of its conversation says who ended it.
        const said = await k('conversation_lines')
          .where({ call_id: c.id })
          .orderBy('seq', 'desc')
          .limit(4)
          .select('khtype', 'khcontent');
        const kind = (c.reason as { kind?: string } | null)?.kind;
        console.log(
          `not taken: ${c.transfer_outcome}/${c.hangup_cause}/${c.talk_ms}ms/${kind}: ` +
            said
              .reverse()
              .map((l) => `${l.khtype}: ${l.khcontent}`)
              .join(' | '),
        );
      }
    }
    if (records.length > calls.length)
      console.log(`not placed and returned: ${records.length - calls.length}`);
    // Every number dialled exactly once.
    expect(calls).toHaveLength(CALLS);
    expect(new Set(calls.map((c) => c.phone)).size).toBe(CALLS);
    expect((grades.A ?? 0) + (grades.B ?? 0)).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
    totals.leads += calls.filter((c) => LEAD_PERSONAS.includes(personaOf(c.phone))).length;
    totals.reached += reached;
    totals.accepted += accepted;
    // Interested customers who reached the transfer and were not taken (they wait as long as it takes).
    totals.waitingLost += calls.filter(
      (c) => personaOf(c.phone) === 'interested' && c.transfer_outcome && c.transfer_outcome !== 'accepted',
    ).length;
    totals.calls += calls.length;
  },
  300_000,
);

it('over the three tasks, 10-20% of the numbers are leads, and they reach the transfer node and the seat', () => {
  console.log(`all bots: ${JSON.stringify(totals)}`);
  expect(totals.calls).toBe(CALLS * DEMO_BOTS.length);
  // The personas' weights make 14% of the numbers leads (interested 20, asks-human 5, wants-manager 3
  // of 200); these 150 numbers drew 16 (10.7%).
  expect(totals.leads).toBeGreaterThanOrEqual(totals.calls * 0.1);
  expect(totals.leads).toBeLessThanOrEqual(totals.calls * 0.2);
  // Nearly every lead gets to the transfer node (a lead may still lose interest on the way).
  expect(totals.reached).toBeGreaterThanOrEqual(Math.floor(totals.leads * 0.8));
  // One seat for the whole floor: leads queue for it and are taken in the end. A lead may still hang
  // up by its own script (one that asks for a manager says "好的" to "请稍等" as its last reply); one
  // interested customer in a CI run of this stop ended during its offer (NORMAL_CLEARING, cause not
  // found yet: the leads not taken are printed with the end of their conversation).
  expect(totals.accepted).toBeGreaterThanOrEqual(Math.ceil(totals.reached * 0.8));
});
