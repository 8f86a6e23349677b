// The default personas against the demo bots, without telephony: the bot's engine (domain/bot)
// steps on the events a call would bring, and the callee answers each robot turn with the same
// rule function the simulator's callee uses (replyTo). A seeded "demo task" of 50 calls per bot
// must give what a demo needs: transfers, A/B leads, and refusals.
import {
  compile,
  grade,
  start,
  step,
  type BotAction,
  type BotEvent,
  type CompiledBot,
  type SessionState,
} from '../../../domain/bot';
import { DEMO_BOTS } from '../../../domain/bot/demo';
import {
  DEFAULT_PERSONAS,
  newMemory,
  pickPersona,
  replyTo,
  SIGNALLING,
  speakingMs,
  type Persona,
} from './personas';
import { between, hashSeed, mulberry32, type Rng } from './random';

/** TTS speed of the robot's prompts: about 4.5 characters a second. */
const BOT_MS_PER_CHAR = 220;
const LEVEL_LETTER: Record<number, string> = { 21: 'A', 22: 'B', 23: 'C', 24: 'D', 25: 'E', 26: 'F' };

interface CallRun {
  persona: string;
  /** Not answered: the outcome (busy, noAnswer…). */
  outcome: string;
  /** A–F for a conversation, 'machine' for a voicemail or assistant the bot hung up on as one. */
  grade?: string;
  transfer: boolean;
  endedBy?: 'bot' | 'customer' | 'transfer';
  /** The dialogue, for reading a failure: 机 robot, 客 callee. */
  lines: string[];
}

/** A customer event at a time; `begin` is when the callee starts (speech stops the silence timer). */
interface Timed {
  at: number;
  begin: number;
  event: BotEvent;
}

/**
 * One answered call, the way media/src/calls/session.ts and media/src/sim/callee.ts play it: the
 * robot's prompts of a step play one after the other, speech over an interruptible prompt barges
 * in, the callee answers the last prompt of the robot's turn after its reply delay, silence times
 * out after the node's wait, and the callee's own hang-ups (rules, hangupAfterRounds,
 * hangupAtMs) end the call.
 */
function converse(bot: CompiledBot, p: Persona, rng: Rng): CallRun {
  const lines: string[] = [];
  let state: SessionState = start(bot, { seed: Math.floor(rng() * 1e9) });
  let engineEnded = false;
  let transfer = false;
  let machine = false;
  const feed = (event: BotEvent): BotAction[] => {
    if (engineEnded) return [];
    const r = step(bot, state, event);
    state = r.state;
    engineEnded = r.ended;
    for (const a of r.actions) {
      if (a.type === 'transfer') transfer = true;
      if (a.type === 'hangup' && a.result === 70) machine = true;
    }
    return r.actions;
  };
  const memory = newMemory();
  const queue: Timed[] = [];
  const push = (t: Timed) => {
    queue.push(t);
    queue.sort((a, b) => a.begin - b.begin);
  };
  const sayAt = (begin: number, text: string) => {
    const at = begin + speakingMs(p, text);
    push({ at, begin, event: { type: 'asrFinal', text, at } });
    lines.push(`客 ${text}`);
    return at;
  };
  const hangupAt = p.hangupAtMs ?? Infinity;
  let customerHangup = Infinity;
  let t = 0;
  let rounds = 0;
  let listenSec: number | null = null;
  let actions = feed({ type: 'answered', at: 0 });
  if (p.greeting) sayAt(between(rng, p.greetingAtMs ?? [300, 700]), p.greeting);

  const finish = (endedBy: CallRun['endedBy'], at: number): CallRun => {
    if (!engineEnded) feed({ type: 'hangup', by: 'customer', at });
    const g = grade(bot, state, { durationSeconds: Math.round(at / 1000), callStatus: 'answered' });
    return {
      persona: p.name,
      outcome: p.outcome,
      grade: machine ? 'machine' : LEVEL_LETTER[g.level],
      transfer,
      endedBy: transfer ? 'transfer' : endedBy,
      lines,
    };
  };

  for (let guard = 0; guard < 200; guard++) {
    // The robot's turn: its prompts one after the other; the callee may barge in or press keys.
    const plays: { text: string }[] = [];
    const take = (list: BotAction[]) => {
      for (const a of list) {
        if (a.type === 'play') plays.push(a);
        if (a.type === 'listen') listenSec = a.waitSeconds;
      }
    };
    take(actions);
    let lastText = '';
    let interrupted = false;
    for (let i = 0; i < plays.length; i++) {
      const text = plays[i]!.text;
      lines.push(`机 ${text}`);
      const round = ++rounds;
      const end = t + [...text].length * BOT_MS_PER_CHAR;
      lastText = text;
      interrupted = false;
      const it = p.interrupt;
      if (it?.rounds.includes(round) && it.afterMs < end - t) {
        sayAt(t + it.afterMs, it.say);
        interrupted = true;
      }
      let cut = false;
      while (queue.length && queue[0]!.at < end) {
        const ev = queue.shift()!;
        const hangup = Math.min(hangupAt, customerHangup);
        if (hangup <= ev.at) return finish('customer', hangup);
        const more = feed({ ...ev.event, at: ev.at } as BotEvent);
        if (more.some((a) => a.type === 'stopPlayback')) {
          // Barge-in (or a key over an IVR prompt): the queued prompts are dropped, the answer plays.
          t = ev.at;
          plays.length = i + 1;
          cut = true;
        }
        take(more);
        if (cut) break;
      }
      if (!cut) t = end;
      const hangup = Math.min(hangupAt, customerHangup);
      if (hangup <= t) return finish('customer', hangup);
    }
    if (transfer) return finish('transfer', t);
    if (engineEnded) return finish('bot', t);
    if (plays.length) {
      actions = feed({ type: 'playbackFinished', at: t });
      if (engineEnded) return finish('bot', t);
      if (actions.length) continue;
    }
    // The robot listens: the callee answers the last prompt (not one it talked over).
    if (plays.length && rounds > 0) {
      if (interrupted) {
        if (p.hangupAfterRounds !== undefined && rounds >= p.hangupAfterRounds)
          customerHangup = Math.min(customerHangup, t + 1500);
      } else {
        const begin = t + between(rng, p.replyDelayMs ?? [300, 900]);
        const r = replyTo(p, rounds, lastText, rng, memory);
        let done = begin;
        if (r.say) done = sayAt(begin, r.say);
        if (r.dtmf) {
          [...r.dtmf].forEach((digit, k) => {
            const at = done + k * 300;
            push({ at, begin: at, event: { type: 'dtmf', digit, at } });
          });
          lines.push(`客 按键${r.dtmf}`);
          done += r.dtmf.length * 300;
        }
        if (r.hangup) customerHangup = Math.min(customerHangup, done + 800);
      }
    }
    // Next: what the callee does, or the silence timeout, or a hang-up, whichever comes first.
    const silenceAt = listenSec === null ? Infinity : t + listenSec * 1000;
    const next = queue[0];
    const hangup = Math.min(hangupAt, customerHangup);
    if (hangup <= Math.min(next?.begin ?? Infinity, silenceAt)) return finish('customer', hangup);
    if (next && next.begin < silenceAt) {
      queue.shift();
      t = Math.max(t, next.at);
      if (hangup <= t) return finish('customer', hangup);
      actions = feed({ ...next.event, at: t } as BotEvent);
    } else if (silenceAt < Infinity) {
      t = silenceAt;
      lines.push('客 （沉默）');
      actions = feed({ type: 'silence', at: t });
    } else return finish('customer', t);
    if (engineEnded && !actions.some((a) => a.type === 'play')) return finish('bot', t);
  }
  return finish('customer', t);
}

/** A demo task: `calls` numbers dialled, each callee drawn from the default mix (seeded). */
function demoTask(bot: CompiledBot, seed: number, calls: number): CallRun[] {
  const out: CallRun[] = [];
  for (let i = 0; i < calls; i++) {
    const number = `139${String(seed).padStart(4, '0')}${String(i).padStart(4, '0')}`;
    const rng = mulberry32(hashSeed(seed, number));
    const p = pickPersona(DEFAULT_PERSONAS, number, rng);
    if (!SIGNALLING[p.outcome].answered) {
      out.push({ persona: p.name, outcome: p.outcome, transfer: false, lines: [] });
      continue;
    }
    out.push(converse(bot, p, rng));
  }
  return out;
}

const tally = (runs: CallRun[]) => {
  const grades: Record<string, number> = {};
  for (const r of runs) if (r.grade) grades[r.grade] = (grades[r.grade] ?? 0) + 1;
  return {
    answered: runs.filter((r) => r.grade).length,
    grades,
    transfers: runs.filter((r) => r.transfer).length,
  };
};

const RANDOM_TALKERS = DEFAULT_PERSONAS.filter((p) => !p.match && SIGNALLING[p.outcome].answered);

describe.each(DEMO_BOTS)('default personas against the demo bot $key', (demo) => {
  const bot = compile(demo.definition);

  it('every random persona plays a whole call without getting stuck', () => {
    const rows: string[] = [];
    for (const p of RANDOM_TALKERS) {
      const runs = Array.from({ length: 10 }, (_, i) => converse(bot, p, mulberry32(hashSeed(i, p.name))));
      for (const r of runs) {
        expect(r.grade).toBeDefined();
        expect(r.lines.length).toBeGreaterThan(0);
      }
      // PERSONA_DIALOGUES=1 prints one dialogue of each persona, to read how they talk.
      if (process.env.PERSONA_DIALOGUES)
        console.log(`${demo.key} / ${p.name}: ${runs[0]!.grade}\n  ${runs[0]!.lines.join('\n  ')}`);
      const t = tally(runs);
      const grades = Object.entries(t.grades)
        .sort()
        .map(([g, n]) => `${g}${n}`)
        .join(' ');
      rows.push(`${p.name.padEnd(22)} ${grades.padEnd(24)} transfers ${t.transfers}`);
    }
    console.log(`${demo.key}: each persona, 10 calls\n${rows.join('\n')}`);
  });

  it('a demo task of 50 calls gives transfers, A/B leads and refusals', () => {
    const runs = demoTask(bot, 2024, 50);
    const t = tally(runs);
    const example = runs.find((r) => r.transfer) ?? runs.find((r) => r.grade === 'A');
    console.log(
      `${demo.key}: 50 calls, ${t.answered} answered; grades ${JSON.stringify(t.grades)}; ` +
        `transfers ${t.transfers}\n` +
        (example ? `e.g. ${example.persona}:\n  ${example.lines.join('\n  ')}` : ''),
    );
    expect(t.transfers).toBeGreaterThan(0);
    expect((t.grades.A ?? 0) + (t.grades.B ?? 0)).toBeGreaterThan(0);
    expect(t.grades.F ?? 0).toBeGreaterThan(0);
  });

  it('is reproducible for a seed', () => {
    const a = demoTask(bot, 7, 20).map((r) => `${r.persona} ${r.grade} ${r.lines.join('|')}`);
    const b = demoTask(bot, 7, 20).map((r) => `${r.persona} ${r.grade} ${r.lines.join('|')}`);
    expect(a).toEqual(b);
  });
});
