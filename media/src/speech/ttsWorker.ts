// The media worker's consumer of the `tts` queue (domain/speech.ts): previews for the editor and
// the pre-rendering of every fixed prompt when a bot version is published.
import type { Job } from 'bull';
import type { Knex } from 'knex';
import { openDb } from '../../../platform/connections';
import type { Config } from '../../../config';
import { listPrompts } from '../../../domain/bot/prompts';
import type { BotDefinition } from '../../../domain/bot/definition';
import { TTS_JOB_OPTIONS, type TtsJob, type TtsResult } from '../../../domain/speech';
import { NORMAL_SPEED } from './tts';
import { createTtsQueue } from './ttsQueue';
import { accountTts, type EngineOverrides } from './ttsSettings';
import { renderCached } from './ttsStore';
import { log } from '../../../platform/log';

export interface TtsWorkerOptions extends EngineOverrides {
  config: Config;
  /** A pool to use; without it the worker opens (and closes) its own. */
  db?: Knex;
  concurrency?: number;
  /** Queue the published versions never rendered (the media process does; tests render what they add). */
  queueUnrendered?: boolean;
}

export interface VersionResult {
  rendered: number;
  total: number;
}

export interface TtsWorker {
  close(): Promise<void>;
}

async function preview(
  db: Knex,
  o: TtsWorkerOptions,
  job: Extract<TtsJob, { kind: 'preview' }>,
): Promise<TtsResult> {
  const { engine, voice } = await accountTts(db, job.accountId, o.config.secretKey, o);
  const { hash } = await renderCached(db, engine, { voice, speed: job.speed ?? NORMAL_SPEED }, job.text);
  return { hash };
}

async function version(
  db: Knex,
  o: TtsWorkerOptions,
  job: Job<TtsJob>,
  botVersionId: number,
): Promise<VersionResult> {
  const row = await db('bot_versions as v')
    .join('bots as b', 'b.id', 'v.bot_id')
    .where('v.id', botVersionId)
    .first('v.definition', 'b.account_id');
  if (!row) {
    // Deleted before we got to it: nothing to render, and retrying will not change that.
    await job.discard();
    throw new Error(`bot version ${botVersionId} not found`);
  }
  const def = row.definition as BotDefinition;
  const prompts = listPrompts(def).filter((p) => p.recordingId === null); // recordings play as recorded
  const { engine, voice } = await accountTts(db, Number(row.account_id), o.config.secretKey, o);
  const speed = def.settings?.speed ?? NORMAL_SPEED;
  // Rows first (unrendered), so the versions list can show rendered/total while this runs.
  if (prompts.length) {
    await db('bot_version_prompts')
      .insert(prompts.map((p) => ({ bot_version_id: botVersionId, prompt_key: p.promptKey, tts_hash: null })))
      .onConflict(['bot_version_id', 'prompt_key'])
      .ignore();
  }
  let rendered = 0;
  await job.progress(prompts.length ? 0 : 100);
  for (const p of prompts) {
    const { hash } = await renderCached(db, engine, { voice, speed }, p.text);
    await db('bot_version_prompts')
      .where({ bot_version_id: botVersionId, prompt_key: p.promptKey })
      .update({ tts_hash: hash });
    rendered++;
    await job.progress(Math.floor((rendered / prompts.length) * 100));
  }
  return { rendered, total: prompts.length };
}

/**
 * Published versions that were never rendered (seeded, or published while no worker ran) get a
 * version job now. The job id dedupes: a version already queued is not queued twice.
 */
export async function queueUnrenderedVersions(
  db: Knex,
  queue: { add: (data: TtsJob, opts: object) => Promise<unknown> },
): Promise<number> {
  const rows: { id: string }[] = await db('bots as b')
    .join('bot_versions as v', function () {
      this.on('v.bot_id', 'b.id').andOn('v.version', 'b.published_version');
    })
    .whereNull('b.deleted_at')
    .whereNotExists(db('bot_version_prompts as p').whereRaw('p.bot_version_id = v.id'))
    .select('v.id');
  for (const r of rows)
    await queue.add(
      { kind: 'version', botVersionId: Number(r.id) },
      { ...TTS_JOB_OPTIONS, jobId: `version-${r.id}` },
    );
  return rows.length;
}

/** Consumes the tts queue with `concurrency` jobs at a time (2 by default: espeak is CPU-bound). */
export async function startTtsWorker(o: TtsWorkerOptions): Promise<TtsWorker> {
  const db = o.db ?? openDb(o.config, 4);
  const { queue, close } = createTtsQueue(o.config);
  queue.on('failed', (job, err) =>
    log.error('tts job failed', {
      jobId: job.id,
      kind: job.data.kind,
      attempt: job.attemptsMade,
      err: err.message,
    }),
  );
  // '*' takes every job name: the producer may name jobs by kind or not at all.
  queue
    .process('*', o.concurrency ?? 2, async (job: Job<TtsJob>) => {
      const data = job.data;
      if (data.kind === 'preview') return preview(db, o, data);
      if (data.kind === 'version') return version(db, o, job, data.botVersionId);
      await job.discard();
      throw new Error(`unknown tts job kind: ${(data as { kind?: unknown }).kind}`);
    })
    .catch((err: Error) => log.error('tts worker stopped processing', { err: err.message }));
  await queue.isReady();
  if (o.queueUnrendered) {
    const queued = await queueUnrenderedVersions(db, queue);
    if (queued) log.info('tts worker: published bot versions queued for rendering', { queued });
  }
  return {
    async close() {
      await close();
      if (!o.db) await db.destroy();
    },
  };
}
