// Music on hold for mod_local_stream's `moh` stream: no sound packs are installed, so an empty folder
// gets a generated tune (a soft arpeggio, 8 kHz mono wav, made with sox).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const NOTES_HZ = [523.25, 659.25, 783.99, 659.25];

export function ensureHoldMusic(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  if (fs.readdirSync(dir).some((f) => /\.(wav|mp3|raw|r8)$/i.test(f))) return;
  const parts = NOTES_HZ.map((hz, i) => {
    const file = path.join(dir, `.note${i}.wav`);
    execFileSync('sox', [
      '-n',
      '-r',
      '8000',
      '-c',
      '1',
      '-b',
      '16',
      file,
      'synth',
      '0.6',
      'sine',
      String(hz),
      'fade',
      'q',
      '0.05',
      '0.6',
      '0.2',
      'vol',
      '0.25',
    ]);
    return file;
  });
  const out = path.join(dir, 'callplat-hold.wav');
  // Eight bars, then the stream loops the file.
  execFileSync('sox', [...parts, ...parts, ...parts, ...parts, ...parts, ...parts, ...parts, ...parts, out]);
  for (const p of parts) fs.rmSync(p);
}
