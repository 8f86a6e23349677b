// import_jobs rows, the supplier AES key (crm_settings) and the scope data an import needs.
// Reads for a caller go through the tenant scope; the processor reads a job by id (it has no caller).
import type { Knex } from 'knex';
import { scoped, subtreeIds, type Actor } from '../../../db/scope';

export const nextJobId = async (db: Knex): Promise<number> =>
  Number((await db.raw("SELECT nextval('import_jobs_id_seq') AS id")).rows[0].id);

export interface NewJob {
  id: number;
  accountId: number;
  fileName: string;
  fileType: string;
  filePath: string;
  option: number;
  params: Record<string, unknown>;
  /** The report's language. */
  lang: string;
}

export async function insertJob(db: Knex, j: NewJob) {
  const [row] = await db('import_jobs')
    .insert({
      id: j.id,
      account_id: j.accountId,
      created_by: j.accountId,
      target: 'customers',
      file_name: j.fileName,
      file_type: j.fileType,
      file_path: j.filePath,
      option: j.option,
      params: JSON.stringify(j.params),
      lang: j.lang,
      status: 'queued',
    })
    .returning('*');
  return row;
}

/** A job of the caller's subtree, or undefined (another tenant's id looks like a missing one). */
export const findScoped = (db: Knex, actor: Actor, id: number) =>
  scoped(db('import_jobs'), db, actor).where({ id }).first();

/** The caller's own imports, newest first, keyset-paged by id. */
export const listOwn = (db: Knex, actor: Actor, opts: { beforeId?: number; limit: number }) =>
  db('import_jobs')
    .where({ account_id: actor.id })
    .modify((q) => opts.beforeId && q.where('id', '<', opts.beforeId))
    .orderBy('id', 'desc')
    .limit(opts.limit);

/** Processor only: the job by id, whatever its tenant. */
export const jobById = (db: Knex, id: number) => db('import_jobs').where({ id }).first();

/** queued/running → running (a re-run starts over); false when the job has already ended. */
export const claimJob = async (db: Knex, id: number): Promise<boolean> =>
  (await db('import_jobs')
    .where({ id })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'running', started_at: db.fn.now(), rows_done: 0, error: null })) > 0;

export const updateJob = (db: Knex, id: number, patch: Record<string, unknown>) =>
  db('import_jobs').where({ id }).update(patch);

export async function actorOf(db: Knex, accountId: number): Promise<Actor> {
  const a = await db('accounts').where({ id: accountId }).first('id', 'level', 'path');
  return { id: Number(a.id), level: a.level, path: a.path };
}

export const subtreeOf = async (db: Knex, actor: Actor): Promise<number[]> =>
  (await subtreeIds(db, actor)).map((r: { id: string | number }) => Number(r.id));

/** The importer and every account above it, from the materialized path. */
export const ancestorsOf = (actor: Actor): number[] => actor.path.split('/').filter(Boolean).map(Number);

export async function setAesKeyEnc(db: Knex, accountId: number, enc: string): Promise<void> {
  await db('crm_settings')
    .insert({ account_id: accountId, import_aes_key_enc: enc })
    .onConflict('account_id')
    .merge({ import_aes_key_enc: enc, updated_at: db.fn.now() });
}

export const aesKeyEncOf = async (db: Knex, accountId: number): Promise<string | null> =>
  (await db('crm_settings').where({ account_id: accountId }).first('import_aes_key_enc'))
    ?.import_aes_key_enc ?? null;
