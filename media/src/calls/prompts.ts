// Audio files the switch plays. Prompts are rendered once per text (tts_audio, by content hash) when
// a bot version is published; here each WAV is written once to a local prompt cache folder and
// played from there. FreeSWITCH must see the same folder: run the worker on the FreeSWITCH host or
// mount the folder at the same path there. Recorded prompts (bot_recordings) are cached the same way.
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import type { BotDefinition } from '../../../domain/bot/definition';
import { listPrompts } from '../../../domain/bot/prompts';
import { NORMAL_SPEED } from '../speech/tts';
import { accountTts } from '../speech/ttsSettings';
import { readAudio, renderCached } from '../speech/ttsStore';

/**
 * The folder both the worker and FreeSWITCH see at the same path: env MEDIA_DIR (docker-compose mounts
 * one volume there in both containers), else the temp folder (worker and switch on one host).
 */
export const mediaRoot = (): string => process.env.MEDIA_DIR || os.tmpdir();
/** Prompt cache folder: `<media root>/callplat-prompts` (one file per content hash, never rewritten). */
export const promptCacheDir = (): string => path.join(mediaRoot(), 'callplat-prompts');
/** Whole-call recordings, one file per call uuid under a day folder. */
export const recordingsDir = (): string => path.join(mediaRoot(), 'callplat-recordings');

export function recordingPath(uuid: string, at = new Date()): string {
  return path.join(recordingsDir(), at.toISOString().slice(0, 10), `${uuid}.wav`);
}

/** text -> tts hash of the fixed prompts of one bot version (bot_version_prompts). */
export async function versionHashes(
  db: Knex,
  botId: number,
  version: number,
  def: BotDefinition,
): Promise<Map<string, string>> {
  const rows = await db('bot_version_prompts as p')
    .join('bot_versions as v', 'v.id', 'p.bot_version_id')
    .where({ 'v.bot_id': botId, 'v.version': version })
    .whereNotNull('p.tts_hash')
    .select('p.prompt_key', 'p.tts_hash');
  const byKey = new Map(rows.map((r) => [r.prompt_key as string, r.tts_hash as string]));
  const out = new Map<string, string>();
  for (const p of listPrompts(def)) {
    const hash = byKey.get(p.promptKey);
    if (hash) out.set(p.text, hash);
  }
  return out;
}

export class PromptFiles {
  private readonly written = new Set<string>();
  private readonly writing = new Map<string, Promise<string>>();

  constructor(
    private readonly db: Knex,
    private readonly config: Config,
    readonly dir = promptCacheDir(),
  ) {}

  /** The local file of a rendered hash, written once (atomically: temp file + rename). */
  fileOf(hash: string): Promise<string> {
    return this.once(`${hash}.wav`, () => readAudio(this.db, hash));
  }

  /** A recorded prompt (bot_recordings.id) of the bot. */
  recordingFile(botId: number, recordingId: number): Promise<string> {
    return this.once(`rec-${botId}-${recordingId}.wav`, async () => {
      const r = await this.db('bot_recordings').where({ id: recordingId, bot_id: botId }).first('wav');
      return r ? (r.wav as Buffer) : null;
    });
  }

  /** Renders text live with the account's engine (cached in tts_audio by hash) and returns its file. */
  async render(accountId: number, text: string, speed = NORMAL_SPEED): Promise<string> {
    const { engine, voice } = await accountTts(this.db, accountId, this.config.secretKey);
    const { hash } = await renderCached(this.db, engine, { voice, speed }, text);
    return this.fileOf(hash);
  }

  private once(name: string, load: () => Promise<Buffer | null>): Promise<string> {
    const file = path.join(this.dir, name);
    if (this.written.has(name)) return Promise.resolve(file);
    let p = this.writing.get(name);
    if (!p) {
      p = (async () => {
        if (!existsSync(file)) {
          const wav = await load();
          if (!wav) throw new Error(`audio ${name} not found`);
          await mkdir(this.dir, { recursive: true });
          const tmp = `${file}.${process.pid}.tmp`;
          await writeFile(tmp, wav);
          await rename(tmp, file);
        }
        this.written.add(name);
        return file;
      })().finally(() => this.writing.delete(name));
      this.writing.set(name, p);
    }
    return p;
  }
}
