// Dialplan applications run through `sendmsg <uuid>` / `call-command: execute`. Each returns the
// Application-Response FreeSWITCH reports in CHANNEL_EXECUTE_COMPLETE (undefined = "_none_").
// Responses follow mod_dptools.c: playback_function sets "FILE PLAYED" (also when broken off),
// "FILE NOT FOUND" or "PLAYBACK ERROR".
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inspectWav } from '../../../domain/wav';
import { HangupCause } from '../../../domain/telephony';
import { promptEnded, promptStarted } from './callee';
import type { Channel, Speech, WaitEnd } from './channel';
import { parseBrackets, splitArgs } from './dialstring';
import { detectSpeechTarget } from './mediaBugs';
import type { Headers } from './framing';
import type { Hub } from './hub';
import { bridgeAnswered, bridgeFailed, bridgeToBrowser, userEndpoint } from './sipws/bridge';

type App = (ch: Channel, arg: string) => Promise<string | undefined>;

const DEFAULT_PROMPT_MS = 2000;
const DEFAULT_NO_INPUT_MS = 5000;
/** How long a recognizer waits for the result once speech began (recognition-timeout). */
const DEFAULT_RECOGNITION_MS = 15_000;

/** What the recognizer hears from now on: when speech begins, and its first result. */
function listenForSpeech(ch: Channel): { began: Promise<void>; result: Promise<Speech>; stop(): void } {
  let began!: () => void;
  let heard!: (s: Speech) => void;
  const l = (s: Speech) => {
    if (s.kind === 'begin') began();
    if (s.kind === 'result') {
      ch.speechListeners.delete(l);
      heard(s);
    }
  };
  ch.speechListeners.add(l);
  return {
    began: new Promise<void>((r) => (began = r)),
    result: new Promise<Speech>((r) => (heard = r)),
    stop: () => ch.speechListeners.delete(l),
  };
}

/** Duration of a prompt: the WAV header if the file is on disk, else the hint, else 2 s. */
export async function promptMs(file: string, hint?: string): Promise<number> {
  const silence = /^silence_stream:\/\/(\d+)/.exec(file);
  if (silence) return Number(silence[1]);
  try {
    const info = inspectWav(new Uint8Array(await readFile(file)));
    if (info.ok) return info.durationMs;
  } catch {
    // Not on this machine: prompts usually live on the FreeSWITCH box. Fall back to the hint.
  }
  const n = Number(hint);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_PROMPT_MS;
}

/**
 * What the callee "hears" for a prompt, so personas can answer by keyword: the `sim_text`
 * file parameter (`playback {sim_text=您好}/p/x.wav`; FreeSWITCH accepts `{}` file-handle
 * parameters and copies them into PLAYBACK_START/STOP, see switch_ivr_play_file), else a
 * `sim_prompt_text` channel variable (consumed by the next prompt), else the file's base name.
 */
function promptText(ch: Channel, file: string, params: Map<string, string>): string {
  const fromVar = ch.vars.get('sim_prompt_text');
  if (fromVar !== undefined) ch.vars.delete('sim_prompt_text');
  return params.get('sim_text') ?? fromVar ?? path.basename(file).replace(/\.[^.]+$/, '');
}

/** Plays one file with PLAYBACK_START / PLAYBACK_STOP and the round hooks for the callee. */
async function play(
  ch: Channel,
  arg: string,
  whilePlaying?: (stop: () => void) => () => void,
): Promise<WaitEnd | 'missing'> {
  const { vars: params, rest } = parseBrackets(arg);
  const file = rest.trim();
  if (fileMissing(ch, file)) return 'missing';
  const ms = await promptMs(file, params.get('sim_duration_ms') ?? ch.vars.get('sim_duration_ms'));
  const text = promptText(ch, file, params);
  const extra: Headers = [...params];
  ch.fire('PLAYBACK_START', [['Playback-File-Path', file], ...extra]);
  const played = ch.tape.prompt(ch.hub.nowUs(), file);
  promptStarted(ch, text);
  const started = performance.now();
  const cleanup = whilePlaying?.(() => ch.breakMedia(false));
  const end = await ch.wait(ms);
  cleanup?.();
  const playedMs = end === 'done' ? ms : Math.min(ms, (performance.now() - started) / ch.hub.opts.timeScale);
  played(playedMs);
  ch.vars.set('playback_ms', String(Math.round(playedMs)));
  ch.vars.set('playback_samples', String(Math.round(playedMs * 8)));
  ch.fire('PLAYBACK_STOP', [
    ['Playback-File-Path', file],
    ['Playback-Status', end === 'break' ? 'break' : 'done'],
    ...extra,
  ]);
  promptEnded(ch, text, end);
  return end;
}

const playResponse = (end: WaitEnd | 'missing') =>
  end === 'missing' ? 'FILE NOT FOUND' : end === 'hangup' ? 'PLAYBACK ERROR' : 'FILE PLAYED';

/**
 * A file the switch cannot open: switch_ivr_play_file fails before PLAYBACK_START, so playback
 * completes at once with FILE NOT FOUND (checked on FreeSWITCH 1.10.12: no PLAYBACK_START/STOP).
 * Only with `files: 'check'`; streams (`silence_stream://`, `local_stream://`, …) always open.
 */
function fileMissing(ch: Channel, file: string): boolean {
  if (ch.hub.opts.files !== 'check' || !file || file.includes('://')) return false;
  return !existsSync(file);
}

/** Collects DTMF digits until `max` digits, a terminator, or `timeoutMs` of quiet. */
function collectDigits(ch: Channel, max: number, terminators: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    let digits = '';
    let gen = 0;
    const finish = () => {
      ch.speechListeners.delete(l);
      resolve(digits);
    };
    const arm = () => {
      const mine = ++gen;
      void ch.wait(timeoutMs, false).then(() => mine === gen && finish());
    };
    const l = (s: Speech) => {
      if (s.kind !== 'dtmf') return;
      if (terminators.includes(s.text)) return finish();
      digits += s.text;
      if (digits.length >= max) return finish();
      arm();
    };
    ch.speechListeners.add(l);
    arm();
  });
}

/** Call time a `local_stream://` stream plays when nothing breaks it: an hour (it loops for ever). */
const STREAM_MS = 3_600_000;

/**
 * A `local_stream://<name>` playback (music on hold, mod_local_stream): it loops until uuid_break or
 * the hang-up. It is no bot prompt, so the callee does not answer it as a round.
 */
async function playStream(ch: Channel, file: string): Promise<WaitEnd> {
  ch.fire('PLAYBACK_START', [['Playback-File-Path', file]]);
  const end = await ch.wait(STREAM_MS);
  ch.fire('PLAYBACK_STOP', [
    ['Playback-File-Path', file],
    ['Playback-Status', end === 'break' ? 'break' : 'done'],
  ]);
  return end;
}

const APPS: Record<string, App> = {
  async playback(ch, arg) {
    const file = arg.trim();
    if (file.startsWith('local_stream://')) return playResponse(await playStream(ch, file));
    return playResponse(await play(ch, arg));
  },

  // play_and_detect_speech <file> detect:<engine> {params}<grammar>: plays with barge-in, then
  // waits for the result and stores it in detect_speech_result. Application-Response as
  // play_and_detect_speech_function (mod_dptools.c) sets it: DONE, ASR INIT ERROR when the engine's
  // module is not loaded (at once, no PLAYBACK events: checked on FreeSWITCH 1.10.12), ERROR when the
  // file cannot be played or the call goes away, USAGE ERROR without `detect:<engine> <grammar>`.
  async play_and_detect_speech(ch, arg) {
    ch.vars.set('detect_speech_result', '');
    const at = arg.indexOf('detect:');
    const detect = at < 0 ? [] : splitArgs(arg.slice(at + 7));
    if (at < 0 || detect.length !== 2) return 'USAGE ERROR';
    const [engine, grammarArg] = detect as [string, string];
    const file = arg.slice(0, at).trim();
    if (!ch.hub.modules.hasAsr(engine)) return 'ASR INIT ERROR';
    const { vars: params, rest: grammar } = parseBrackets(grammarArg);
    ch.detecting = { grammar: grammar || 'default' };
    // The recognizer's media bug stays after it (paused) unless play_and_detect_speech_close_asr.
    if (!ch.bugs.has('detect_speech'))
      ch.bugs.add('detect_speech', detectSpeechTarget(engine, ch.detecting.grammar, ''));
    const speech = listenForSpeech(ch);
    const end = await play(ch, file, (stop) => {
      const barge = (s: Speech) => s.kind === 'begin' && stop();
      ch.speechListeners.add(barge);
      return () => ch.speechListeners.delete(barge);
    });
    const closeAsr = () => {
      speech.stop();
      ch.detecting = null;
      if (/^(true|yes|on|1)$/i.test(ch.vars.get('play_and_detect_speech_close_asr') ?? ''))
        ch.bugs.remove('detect_speech');
    };
    if (end === 'missing' || end === 'hangup') {
      closeAsr();
      return 'ERROR';
    }
    const noInputMs = Number(
      params.get('no-input-timeout') ?? ch.vars.get('sim_no_input_ms') ?? DEFAULT_NO_INPUT_MS,
    );
    const recognitionMs = Number(params.get('recognition-timeout') ?? DEFAULT_RECOGNITION_MS);
    // As an MRCP recognizer times out: no-input until the callee starts speaking (the timer starts
    // when the prompt ends), then recognition-timeout until the result. One timer per stage, started
    // after the speech it waits for could begin: a slow event loop delays both alike.
    const timeout = (ms: number) => ch.wait(ms, false).then(() => null);
    let got = await Promise.race([
      speech.result,
      speech.began.then(() => 'began' as const),
      timeout(noInputMs),
    ]);
    if (got === 'began') got = await Promise.race([speech.result, timeout(recognitionMs)]);
    closeAsr();
    if (got?.body) ch.vars.set('detect_speech_result', got.body);
    return 'DONE';
  },

  // detect_speech <engine> <grammar> <name> | stop | pause | resume: background recognition.
  // `{a=b,c=d}` before the grammar are recognizer parameters (mod_unimrcp: MRCP headers, or
  // vendor-specific ones such as our `hotwords=词一|词二`); the simulator records the hot words.
  async detect_speech(ch, arg) {
    const [first, second, third] = splitArgs(arg);
    if (first === 'stop') {
      ch.detecting = null;
      ch.bugs.remove('detect_speech');
    } else if (first === 'pause') ch.detecting = null;
    else if (first === 'resume') ch.detecting = { grammar: ch.detecting?.grammar ?? 'default' };
    else if (first && !['grammar', 'nogrammar', 'grammaron', 'grammaroff', 'param'].includes(first)) {
      // switch_core_asr_open: "Invalid ASR module [x]!" is only logged; the app completes _none_.
      if (!ch.hub.modules.hasAsr(first)) return undefined;
      const { vars, rest } = parseBrackets(second ?? 'default');
      const grammar = rest || 'default';
      ch.detecting = { grammar };
      // A second start only loads its grammar into the running recognizer: still one media bug.
      if (!ch.bugs.has('detect_speech'))
        ch.bugs.add('detect_speech', detectSpeechTarget(first, second ?? 'default', third ?? ''));
      const words = vars.get('hotwords');
      ch.hub.recordRecognizer(ch.uuid, {
        engine: first,
        hotWords: words ? words.split('|').filter(Boolean) : [],
        grammar,
      });
    }
    return undefined;
  },

  // mod_avmd: avmd_start [key=value,…] attaches the beep detector and fires avmd::start; avmd_stop
  // detaches it and fires avmd::stop (avmd_fire_event in mod_avmd.c). Always _none_, also when it
  // could not start (see avmdReads).
  async avmd_start(ch, arg) {
    startAvmd(ch, arg);
    return undefined;
  },

  async avmd_stop(ch) {
    stopAvmd(ch);
    return undefined;
  },

  // speak <engine>|<voice>|<text>: TTS without PLAYBACK events; ~200 ms per character.
  async speak(ch, arg) {
    const text = arg.split('|').pop() ?? '';
    promptStarted(ch, text);
    const end = await ch.wait(Math.max(500, [...text].length * 200));
    promptEnded(ch, text, end);
    return undefined;
  },

  async sleep(ch, arg) {
    await ch.wait(Number(arg) || 0);
    return undefined;
  },

  async answer(ch) {
    ch.answer();
    return undefined;
  },

  async hangup(ch, arg) {
    // Not awaited: the hang-up waits for this very application to return.
    void ch.hangup(arg.trim() || HangupCause.NORMAL_CLEARING, ch.answered ? 200 : undefined, 'send_bye');
    return undefined;
  },

  async set(ch, arg) {
    const at = arg.indexOf('=');
    if (at > 0) {
      const value = arg.slice(at + 1);
      if (value === '') ch.vars.delete(arg.slice(0, at));
      else ch.vars.set(arg.slice(0, at), value);
    }
    return undefined;
  },

  async park(ch) {
    ch.fire('CHANNEL_PARK');
    return undefined;
  },

  async record_session(ch, arg) {
    await ch.startRecording(parseBrackets(arg).rest.trim());
    return undefined;
  },

  async stop_record_session(ch, arg) {
    const file = arg.trim();
    // "all" stops every recording of the channel (mod_dptools stop_record_session).
    for (const f of file === 'all' ? ch.tape.files : [file]) await ch.stopRecording(f);
    return undefined;
  },

  // bridge <dial string>: the seat answers after a second; the call then stays bridged until a
  // side hangs up (sim_bridge_ms, default 30 s, is how long the customer talks to the seat).
  async bridge(ch, arg) {
    if (/^error\//.test(arg.trim())) return bridgeFailed(ch, arg.trim().slice(6).toUpperCase());
    // With the simulator's SIP-over-WebSocket server, user/<ext> is resolved and rung as FreeSWITCH
    // does (sipws/bridge.ts).
    const user = userEndpoint(arg);
    if (user && ch.hub.registrar) return bridgeToBrowser(ch, ch.hub.registrar, user);
    if ((await ch.wait(1000, false)) === 'hangup') return undefined;
    const other = `${ch.uuid.slice(0, 24)}b${ch.uuid.slice(25)}`;
    const ids: Headers = [
      ['Bridge-A-Unique-ID', ch.uuid],
      ['Bridge-B-Unique-ID', other],
      ['Other-Leg-Unique-ID', other],
    ];
    bridgeAnswered(ch, other);
    ch.fire('CHANNEL_BRIDGE', ids);
    const end = await ch.wait(Number(ch.vars.get('sim_bridge_ms') ?? 30000), false);
    ch.fire('CHANNEL_UNBRIDGE', ids);
    if (end === 'done') void ch.hangup(HangupCause.NORMAL_CLEARING, 200, 'recv_bye');
    return undefined;
  },

  // read <min> <max> <file> <var> <timeout> <terminators>
  async read(ch, arg) {
    const [min, max, file, name, timeout, terms] = splitArgs(arg);
    if ((await play(ch, file ?? '')) === 'hangup') return undefined;
    const digits = await collectDigits(ch, Number(max) || 1, terms ?? '#', Number(timeout) || 5000);
    if (name) ch.vars.set(name, digits);
    ch.vars.set('read_result', digits.length >= (Number(min) || 0) && digits ? 'success' : 'timeout');
    return undefined;
  },

  // play_and_get_digits <min> <max> <tries> <timeout> <terminators> <file> <invalid> <var> <regex>
  async play_and_get_digits(ch, arg) {
    const [min, max, tries, timeout, terms, file, , name, regex] = splitArgs(arg);
    for (let i = 0; i < (Number(tries) || 1); i++) {
      if ((await play(ch, file ?? '')) === 'hangup') return undefined;
      const digits = await collectDigits(ch, Number(max) || 1, terms ?? '#', Number(timeout) || 5000);
      const ok = digits.length >= (Number(min) || 1) && (!regex || new RegExp(regex).test(digits));
      if (ok) {
        if (name) ch.vars.set(name, digits);
        return undefined;
      }
    }
    return undefined;
  },

  // send_dtmf is the robot's side; the simulated callee hears nothing of it.
  async send_dtmf() {
    return undefined;
  },
};

/** avmd.conf of the stock configuration: inbound_channel=0, outbound_channel=1. */
const AVMD_DEFAULTS = { inbound_channel: '0', outbound_channel: '1' };

/**
 * What mod_avmd listens to on this channel, from its inbound_channel / outbound_channel settings
 * (avmd_start "k=v,…" over avmd.conf). Checked on FreeSWITCH 1.10.12:
 * - an originated (outbound) leg needs outbound_channel=1: READ_REPLACE, it hears the callee;
 * - an inbound leg needs inbound_channel=1: WRITE_REPLACE, it hears what WE play (our prompts),
 *   never the caller;
 * - otherwise "Can't set direction for channel … Avmd NOT started" (logged only): null.
 */
export function avmdReads(ch: Channel, arg: string): 'callee' | 'our-audio' | null {
  const set = new Map(Object.entries(AVMD_DEFAULTS));
  for (const pair of arg.split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) set.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  const on = (k: string) => set.get(k) === '1' || set.get(k) === 'true';
  if (ch.direction === 'outbound') return on('outbound_channel') ? 'callee' : null;
  return on('inbound_channel') ? 'our-audio' : null;
}

/**
 * Attaches mod_avmd's beep detector and reports it (avmd::start); false (nothing done) when no
 * direction reads this channel.
 */
export function startAvmd(ch: Channel, arg = ''): boolean {
  if (ch.avmd) return true;
  const reads = avmdReads(ch, arg);
  if (!reads) return false;
  ch.avmd = reads;
  ch.bugs.add('avmd', 'N/A');
  ch.fireCustom('avmd::start', [
    ['Unique-ID', ch.uuid],
    ['Call-command', 'avmd'],
    ['Start-time', String(Math.floor(ch.hub.nowUs()))],
  ]);
  return true;
}

/** Detaches mod_avmd and reports it (avmd::stop with the beep status). */
export function stopAvmd(ch: Channel): void {
  if (!ch.avmd) return;
  ch.avmd = false;
  ch.bugs.remove('avmd');
  ch.fireCustom('avmd::stop', [
    ['Unique-ID', ch.uuid],
    ['Call-command', 'avmd'],
    ['Beep-Status', ch.vars.get('avmd_detect') === 'TRUE' ? 'DETECTED' : 'NOTDETECTED'],
  ]);
}

/** Applications the simulator runs as no-ops (real mod_dptools ones it need not model). */
const NOOP_APPS = new Set([
  'export',
  'unset',
  'multiset',
  'log',
  'info',
  'ring_ready',
  'pre_answer',
  'sched_hangup',
  'event',
  'start_dtmf',
  'stop_dtmf',
  'bind_meta_app',
  'respond',
]);

/** The module an application comes from, when it is not the always-loaded mod_dptools. */
const APP_MODULE: Record<string, string> = { avmd_start: 'mod_avmd', avmd_stop: 'mod_avmd' };

/** Whether the switch knows the application (an unknown one hangs the channel up: channel.ts). */
export function appExists(hub: Hub, app: string): boolean {
  if (!APPS[app] && !NOOP_APPS.has(app)) return false;
  const mod = APP_MODULE[app];
  return !mod || hub.modules.has(mod);
}

export async function runApp(ch: Channel, app: string, arg: string): Promise<string | undefined> {
  const fn = APPS[app];
  return fn ? fn(ch, arg) : undefined;
}
