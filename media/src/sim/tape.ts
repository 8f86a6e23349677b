// What a simulated channel sounds like, kept so record_session / uuid_record can write a real file:
// the bot's prompts (the played WAV files) and the customer's utterances (espeak-ng renders), each at
// its time on the simulated clock. As FreeSWITCH does, the file exists from the start of the
// recording (a bare WAV header) and holds the whole mixed call once the recording stops; RECORD_STOP
// is fired only after that, so whoever hears it can read the file.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { encodeWav } from '../speech/wav';
import { mixTimeline, type Placed } from './mix';
import { customerVoice, promptSamples, RATE } from './voice';
import { log } from '../../../platform/log';

interface Sound {
  atUs: number;
  samples: Promise<Int16Array | null>;
  maxMs?: number;
  fitMs?: number;
}

/** The sim writes WAV only (FreeSWITCH picks the format by the extension; we render no others). */
export const recordable = (file: string): boolean =>
  path.isAbsolute(file) && path.extname(file).toLowerCase() === '.wav';

export class Tape {
  private readonly sounds: Sound[] = [];
  /** File -> when its recording started (µs, simulated clock). */
  private readonly recording = new Map<string, number>();
  private readonly writes = new Map<string, Promise<void>>();

  get files(): string[] {
    return [...this.recording.keys()];
  }

  isRecording(file: string): boolean {
    return this.recording.has(file);
  }

  /** A prompt starts playing; call the result with how long it played once it ends. */
  prompt(atUs: number, file: string): (playedMs: number) => void {
    const s: Sound = { atUs, samples: promptSamples(file) };
    this.sounds.push(s);
    return (ms) => (s.maxMs = ms);
  }

  /** The customer starts saying `text`, for `ms`. The render starts now, so it is ready at hang-up. */
  voice(atUs: number, text: string, ms: number, voice?: string): void {
    this.sounds.push({ atUs, samples: customerVoice(text, voice), fitMs: ms });
  }

  /** Starts recording to `file` (false when it already records there); the file then exists. */
  async start(file: string, atUs: number): Promise<boolean> {
    if (this.recording.has(file)) return false;
    this.recording.set(file, atUs);
    const empty = encodeWav({ sampleRate: RATE, samples: new Int16Array(0) });
    if (recordable(file)) await this.queue(file, () => writeAtomic(file, empty));
    return true;
  }

  /** Stops recording to `file` and writes it: the mix of what was heard from the start until `atUs`. */
  async stop(file: string, atUs: number): Promise<boolean> {
    const from = this.recording.get(file);
    if (from === undefined) return false;
    this.recording.delete(file);
    if (recordable(file)) await this.queue(file, () => this.write(file, from, atUs));
    else log.error('simulator: not recording: only absolute .wav paths are written', { file });
    return true;
  }

  private async write(file: string, fromUs: number, toUs: number): Promise<void> {
    const placed: Placed[] = [];
    for (const s of this.sounds) {
      if (s.atUs >= toUs) continue;
      const samples = await s.samples;
      if (!samples) continue;
      placed.push({ atMs: (s.atUs - fromUs) / 1000, samples, maxMs: s.maxMs, fitMs: s.fitMs });
    }
    const mixed = mixTimeline(placed, (toUs - fromUs) / 1000, RATE);
    await writeAtomic(file, encodeWav({ sampleRate: RATE, samples: mixed }));
  }

  /** Writes of one file in order (the header at start never lands after the whole call). */
  private queue(file: string, fn: () => Promise<void>): Promise<void> {
    const next = (this.writes.get(file) ?? Promise.resolve())
      .then(fn)
      .catch((err: Error) => log.error('simulator: recording not written', { file, err: err.message }));
    this.writes.set(file, next);
    return next;
  }
}

async function writeAtomic(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}
