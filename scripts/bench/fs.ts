// Robot calls with recording on the REAL FreeSWITCH against SIPp (e2e/fs kit): `npm run bench -- fs
// [--steps=50,100,200,300] [--rate 20] [--no-avmd] [--avmd-window 30000] [--greetings 1]`. Each step dials that many calls at `rate` originates/s (the
// announce bot: ~8 s of prompts, then it hangs up), so about rate x call length are up at once, and
// checks the books. It stops at the first step that saturates (a call lost, or answer -> first prompt
// p99 over 1 s). Figures: the most calls up at once on the switch without loss, lost and duplicate
// records, CHANNEL_ANSWER -> first PLAYBACK_START p99 (the switch's own event times), and the switch's
// and this process's (server + worker) CPU per call, in % of one core, over the step that held most.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { EslConnection } from '../../media/src/esl/connection';
import globalSetup from '../../test/globalSetup';
import globalTeardown from '../../test/globalTeardown';
import { announceBot, insertBot, setRecognizer } from '../../e2e/fs/bots';
import { ESL_PASSWORD, startFsKit, type FsKit } from '../../e2e/fs/kit';
import { argOf, p99, sleep } from '../lib/bench';
import { AVMD_WINDOW_MS } from '../../media/src/calls/beepDetector';

/** Clock ticks per second in /proc (USER_HZ on Linux). */
const TICKS = 100;

/** utime + stime of a process, in clock ticks (/proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]);
}

interface Step {
  calls: number;
  peak: number;
  lost: number;
  duplicates: number;
  answerToPromptP99: number;
  fsCpuPctPerCall: number;
  workerCpuPctPerCall: number;
}

async function step(
  kit: FsKit,
  botId: number,
  lineId: number,
  calls: number,
  rate: number,
  callMs: number,
): Promise<Step> {
  // The switch's own event times: answer and first playback per channel.
  const esl = await EslConnection.open({ host: '127.0.0.1', port: kit.ports.esl, password: ESL_PASSWORD });
  await esl.command('event plain CHANNEL_ANSWER PLAYBACK_START');
  const answered = new Map<string, number>();
  const firstPrompt = new Map<string, number>();
  esl.on('event', (ev) => {
    const at = Number(ev.headers.get('Event-Date-Timestamp') ?? 0) / 1000;
    if (ev.name === 'CHANNEL_ANSWER') answered.set(ev.uuid, at);
    else if (ev.name === 'PLAYBACK_START' && !firstPrompt.has(ev.uuid)) firstPrompt.set(ev.uuid, at);
  });
  const uuids: string[] = [];
  const fsCpu0 = cpuTicks(kit.fs.pid);
  const me0 = process.cpuUsage();
  const t0 = Date.now();
  let peak = 0;
  let peakSum = 0;
  let samples = 0;
  const sample = setInterval(() => {
    const n = kit.worker.sessions.size;
    peak = Math.max(peak, n);
    peakSum += n;
    samples++;
  }, 250);
  for (let i = 0; i < calls; i++) {
    const uuid = randomUUID();
    uuids.push(uuid);
    await kit.p.server.deps.queues.dial.add(
      {
        callUuid: uuid,
        accountId: kit.merchantId,
        botId,
        botVersion: 1,
        lineId,
        phone: `1390${String(i).padStart(7, '0')}`,
        callerNumber: '',
        customerId: null,
      },
      { jobId: uuid },
    );
    await sleep(1000 / rate);
  }
  // Every call ends within its prompts and a margin.
  const deadline = Date.now() + 60_000 + callMs;
  let ended = 0;
  while (Date.now() < deadline) {
    ended = Number(
      (await kit.k('calls').whereIn('call_uuid', uuids).where({ status: 'ended' }).count({ n: '*' }))[0]!.n,
    );
    if (ended >= calls) break;
    await sleep(500);
  }
  clearInterval(sample);
  const seconds = (Date.now() - t0) / 1000;
  const fsCpuPct = ((cpuTicks(kit.fs.pid) - fsCpu0) / TICKS / seconds) * 100;
  const me = process.cpuUsage(me0);
  const meCpuPct = ((me.user + me.system) / 1e6 / seconds) * 100;
  esl.destroy();
  const rows = await kit.k('calls').whereIn('call_uuid', uuids).select('call_uuid');
  const delays = [...answered].filter(([u]) => firstPrompt.has(u)).map(([u, at]) => firstPrompt.get(u)! - at);
  const mean = samples ? peakSum / samples : 0;
  return {
    calls,
    peak,
    lost: calls - ended,
    duplicates: rows.length - new Set(rows.map((r) => r.call_uuid)).size,
    answerToPromptP99: delays.length ? Math.round(p99(delays)) : -1,
    fsCpuPctPerCall: mean ? fsCpuPct / mean : 0,
    workerCpuPctPerCall: mean ? meCpuPct / mean : 0,
  };
}

export default async function bench(): Promise<Record<string, number>> {
  const steps = (process.argv.find((a) => a.startsWith('--steps='))?.slice(8) ?? '50,100,200,300')
    .split(',')
    .map(Number);
  const rate = argOf('--rate', 20);
  // --no-avmd: no voicemail-beep detection (mod_avmd costs the switch the most CPU per call).
  const avmd = !process.argv.includes('--no-avmd');
  // --avmd-window: ms after the answer avmd listens (the worker's default 30 s; 0 = the whole call).
  const avmdWindowMs = argOf('--avmd-window', AVMD_WINDOW_MS);
  // --greetings: the bot says its ~5 s greeting this many times (1: ~8 s calls, shorter than the
  // window; 8: ~40 s calls, nearer a real robot call, where the window matters).
  const greetings = argOf('--greetings', 1);
  await globalSetup();
  let kit: FsKit | undefined;
  try {
    kit = await startFsKit({
      slot: 'bench',
      carriers: [{ name: 'answer', scenario: 'uas-answer', limit: 2000 }],
      worker: { concurrency: 2000, machine: { avmd, avmdWindowMs } },
    });
    const botId = await insertBot(kit.k, kit.merchantId, '压测机器人', announceBot(greetings));
    await setRecognizer(kit.k, kit.merchantId, 'none');
    await kit
      .k('sip_lines')
      .where({ id: kit.carriers.get('answer')!.lineId })
      .update({ port_count: 5000, rate_count: 1000 });
    let best: Step | null = null; // the step that held most
    let shown: Step | null = null; // whose figures are printed
    let saturatedAt = 0; // calls up at the first step that saturated (0: none of the steps did)
    for (const calls of steps) {
      const s = await step(kit, botId, kit.carriers.get('answer')!.lineId, calls, rate, greetings * 6000);
      console.error(`fs bench: ${JSON.stringify(s)}`);
      if (s.lost > 0 || s.duplicates > 0 || s.answerToPromptP99 > 1000 || s.answerToPromptP99 < 0) {
        saturatedAt = s.peak;
        shown ??= s; // the first step already saturated: its figures, but 0 concurrent calls held
        break;
      }
      best = shown = s;
      await sleep(3000);
    }
    return {
      concurrent_calls: best?.peak ?? 0,
      saturated_at: saturatedAt,
      lost_records: shown?.lost ?? 0,
      duplicate_records: shown?.duplicates ?? 0,
      answer_to_prompt_p99_ms: shown?.answerToPromptP99 ?? -1,
      fs_cpu_pct_per_call: Math.round((shown?.fsCpuPctPerCall ?? 0) * 100) / 100,
      worker_cpu_pct_per_call: Math.round((shown?.workerCpuPctPerCall ?? 0) * 100) / 100,
      cores: os.cpus().length,
      avmd: avmd ? 1 : 0,
      avmd_window_ms: avmdWindowMs,
      greetings,
      load_average_1m: Math.round(os.loadavg()[0]! * 100) / 100,
    };
  } finally {
    await kit?.close();
    await globalTeardown();
  }
}
