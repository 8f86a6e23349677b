// What the SIPp carriers send, made at test time (no audio in git): speech from espeak-ng and a 1 kHz
// beep from sox, written as raw A-law 8 kHz (`audio.al`), which SIPp's rtp_stream sends as PCMA (8).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { inspectWav } from '../../domain/wav';

/** Raw A-law of `text` spoken by espeak-ng (voice `voice`), into `file`. */
export function speechAlaw(file: string, text: string, voice = 'cmn'): void {
  const wav = `${file}.src.wav`;
  execFileSync('espeak-ng', ['-v', voice, '-w', wav, text]);
  execFileSync('sox', [wav, '-r', '8000', '-c', '1', '-t', 'al', file]);
  fs.rmSync(wav, { force: true });
}

/** Raw A-law of `seconds` of silence. */
export function silenceAlaw(file: string, seconds: number): void {
  execFileSync('sox', ['-n', '-r', '8000', '-c', '1', '-t', 'al', file, 'trim', '0', String(seconds)]);
}

/** A voicemail box: a spoken greeting, a short pause, then a beep of `beepSeconds` at `hz`. */
export function voicemailAlaw(file: string, beepSeconds = 0.6, hz = 1000): void {
  const greet = `${file}.greet.al`;
  const gap = `${file}.gap.al`;
  const beep = `${file}.beep.al`;
  speechAlaw(
    greet,
    'The person you are calling is not available. Please leave a message after the tone.',
    'en',
  );
  silenceAlaw(gap, 0.5);
  execFileSync('sox', [
    '-n',
    '-r',
    '8000',
    '-c',
    '1',
    '-t',
    'al',
    beep,
    'synth',
    String(beepSeconds),
    'sine',
    String(hz),
    'vol',
    '0.5',
  ]);
  // Silence after the beep keeps the stream going while the box "records".
  silenceAlaw(`${file}.tail.al`, 5);
  fs.writeFileSync(file, Buffer.concat([greet, gap, beep, `${file}.tail.al`].map((f) => fs.readFileSync(f))));
  for (const f of [greet, gap, beep, `${file}.tail.al`]) fs.rmSync(f, { force: true });
}

/** Seconds of audio in a raw 8 kHz A-law file (one byte per sample). */
export const alawSeconds = (file: string): number => fs.statSync(file).size / 8000;

/** Seconds of audio in a PCM WAV file (domain/wav.ts reads the header). */
export function wavSeconds(file: string): number {
  const w = inspectWav(fs.readFileSync(file));
  if (!w.ok) throw new Error(`${file}: ${w.reason}`);
  return w.durationMs / 1000;
}
