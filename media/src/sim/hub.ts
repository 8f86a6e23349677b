// The simulated switch core: its identity and clock, the live channels, the connected ESL
// listeners, and event delivery to every listener that subscribed (event_handler in
// mod_event_socket.c fans one event out to every listener).
import os from 'node:os';
import type { Channel } from './channel';
import { Gateways } from './gateways';
import { makeEvent, type ChannelView, type CoreInfo, type SimEvent } from './events';
import type { Headers } from './framing';
import { Modules } from './modules';
import type { Persona } from './personas';
import type { Registrar } from './sipws/registrar';
import { hashSeed, mulberry32, uuidFrom, type Rng } from './random';

export interface EventSink {
  deliver(ev: SimEvent): void;
}

/** A recognizer started on a channel, as the simulator was asked to (tests read the hot words). */
export interface RecognizerStart {
  /** `unimrcp`, `unimrcp:<profile>` (detect_speech) or `google_transcribe`. */
  engine: string;
  hotWords: string[];
  /** Grammar (detect_speech) or language code (uuid_google_transcribe). */
  grammar: string;
}

const MAX_RECOGNIZER_LOG = 2000;

export interface HubOptions {
  seed: number;
  timeScale: number;
  personas: Persona[];
  /**
   * 'check': a prompt file that is not on disk answers FILE NOT FOUND, as a switch on this host does.
   * 'assume': files the simulator cannot see are taken to exist on the switch's own box (tests that
   * play made-up paths).
   */
  files?: 'check' | 'assume';
}

export class Hub implements CoreInfo {
  readonly uuid: string;
  readonly hostname = os.hostname();
  readonly channels = new Map<string, Channel>();
  readonly sinks = new Set<EventSink>();
  readonly rng: Rng;
  readonly startedAtMs = Date.now();
  sessionsSinceStartup = 0;
  peakSessions = 0;
  private seq = 0;
  private readonly perfStart = performance.now();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly attempts = new Map<string, number>();
  /** Recognizers started per channel uuid (the most recent channels only). */
  readonly recognizers = new Map<string, RecognizerStart[]>();
  /** The SIP-over-WebSocket registrar (sipws/), when the simulator runs one. */
  registrar?: Registrar;
  /** The loaded modules (modules.ts). */
  modules = new Modules();
  /** The external profile's gateways (gateways.ts); without a source every name is up. */
  gateways: Gateways = new Gateways(this);

  constructor(readonly opts: HubOptions) {
    this.rng = mulberry32(opts.seed);
    this.uuid = uuidFrom(mulberry32(hashSeed(opts.seed, 'core')));
  }

  recordRecognizer(uuid: string, r: RecognizerStart): void {
    const list = this.recognizers.get(uuid) ?? [];
    if (!list.length) this.recognizers.set(uuid, list);
    list.push(r);
    if (this.recognizers.size > MAX_RECOGNIZER_LOG)
      this.recognizers.delete(this.recognizers.keys().next().value!);
  }

  /** Simulated wall clock in microseconds: runs 1/timeScale times faster than real time. */
  nowUs(): number {
    return this.startedAtMs * 1000 + ((performance.now() - this.perfStart) * 1000) / this.opts.timeScale;
  }

  nextSeq(): number {
    return ++this.seq;
  }

  /** A random stream for one call to a number: the n-th call to a number replays the same way. */
  callRng(number: string): Rng {
    const n = (this.attempts.get(number) ?? 0) + 1;
    this.attempts.set(number, n);
    return mulberry32(hashSeed(this.opts.seed, `${number}#${n}`));
  }

  /** Runs fn after `ms` simulated milliseconds. */
  after(ms: number, fn: () => void): () => void {
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        fn();
      },
      Math.max(0, ms * this.opts.timeScale),
    );
    this.timers.add(t);
    return () => {
      clearTimeout(t);
      this.timers.delete(t);
    };
  }

  fire(
    name: string,
    opts: { channel?: ChannelView; headers?: Headers; body?: string; subclass?: string; atUs?: number } = {},
  ) {
    const ev = makeEvent(this, name, opts);
    for (const s of this.sinks) s.deliver(ev);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
