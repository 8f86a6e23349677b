// A task's numbers: where they come from (selected or filtered customers of the caller, a pasted list,
// an uploaded txt/csv/xls/xlsx read by the customer import's parsers) and one classification for the
// preview and the add alike (invalid, duplicate within the request, blacklisted, already in the task),
// so the count the dialog previews is the count the add reports. An add inserts in one transaction:
// a file with errors adds its good numbers all at once or nothing.
import fs from 'node:fs';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { phoneHash } from '../../../../platform/secrets';
import { maskPhone } from '../../../../domain/format';
import {
  ADD_NUMBERS_MAX,
  splitPhoneLines,
  type AddNumbersReply,
  type AddSkipReason,
  type NumbersPreviewReply,
} from '../../../../domain/tasks';
import type { Deps } from '../../deps';
import { badRequest, fieldError, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { blacklistedHashes } from '../crm/blacklist/repo';
import { normalizePhone } from '../crm/blacklist/numbers';
import { applyFilter, inSubtree, mine } from '../crm/customers/repo';
import type { Upload } from '../../files/upload';
import { checkFile, receiveUpload } from '../crm/imports/upload';
import { numbersOfFile, type RawLine } from './numbersFile';
import { countsOf, emptyCounts, insertNumbers, type NewNumber } from './repo';
import type { AddNumbersBody, NumbersFilter } from './schema';

type Tenant = AuthContext['actor'];
type Db = Knex | Knex.Transaction;

export type { RawLine };
export type NumbersSource = AddNumbersBody | { source: 'lines'; lines: RawLine[] };

interface Candidates {
  candidates: NewNumber[];
  invalid: number;
  invalidSamples: string[];
}

const noSkips = (): Record<AddSkipReason, number> => ({
  invalid: 0,
  duplicate: 0,
  blacklisted: 0,
  exists: 0,
});

/** The caller's customers picked by id (all must be in reach, else 404) or by the picker's filters. */
async function fromCustomers(
  deps: Deps,
  actor: Tenant,
  v: { customerIds?: number[]; filter?: NumbersFilter },
): Promise<NewNumber[]> {
  if (!v.customerIds && !v.filter) throw fieldError('customerIds', 'validation.required');
  const ids = v.customerIds && [...new Set(v.customerIds)];
  if (ids && (await mine(deps.db, actor).whereIn('c.id', ids).select('c.id')).length !== ids.length)
    throw notFound();
  if (v.filter?.ownerId && !(await inSubtree(deps.db, actor, v.filter.ownerId))) throw notFound();
  const q = mine(deps.db, actor);
  if (ids) q.whereIn('c.id', ids);
  else {
    const { importJobId, neverCalled, ...rest } = v.filter!;
    applyFilter(q, rest, (d) => phoneHash(deps.config.secretKey, d));
    if (importJobId) q.where('c.import_job_id', importJobId);
    if (neverCalled) q.whereNull('c.last_called_at');
  }
  const rows = await q
    .orderBy('c.id')
    .limit(ADD_NUMBERS_MAX + 1)
    .select('c.id', 'c.name', 'c.phone', 'c.phone_hash', deps.db.raw('c.phone_cipher is not null as hidden'));
  if (rows.length > ADD_NUMBERS_MAX) throw badRequest('allocateTooMany');
  return rows.map((r) => ({
    customerId: Number(r.id),
    phone: r.hidden ? null : r.phone,
    phoneHash: r.phone_hash,
    phoneMasked: r.hidden ? r.phone : maskPhone(r.phone),
    name: r.name,
  }));
}

function fromLines(deps: Deps, lines: RawLine[]): Candidates {
  if (lines.length > ADD_NUMBERS_MAX) throw fieldError('text', 'validation.invalid');
  const out: Candidates = { candidates: [], invalid: 0, invalidSamples: [] };
  for (const line of lines) {
    const digits = normalizePhone(line.phone);
    if (!digits) {
      out.invalid++;
      if (out.invalidSamples.length < 10) out.invalidSamples.push(line.phone.slice(0, 40));
      continue;
    }
    out.candidates.push({
      customerId: null,
      phone: digits,
      phoneHash: phoneHash(deps.config.secretKey, digits),
      phoneMasked: maskPhone(digits),
      name: line.name,
    });
  }
  return out;
}

async function candidatesOf(deps: Deps, actor: Tenant, v: NumbersSource): Promise<Candidates> {
  if (v.source === 'customers')
    return { candidates: await fromCustomers(deps, actor, v), invalid: 0, invalidSamples: [] };
  if (v.source === 'text')
    return fromLines(
      deps,
      splitPhoneLines(v.text).map((phone) => ({ phone, name: '' })),
    );
  return fromLines(deps, v.lines);
}

/** Duplicates within the request, then the platform's and the owner's tree's blacklists. */
async function classify(db: Db, owner: Tenant, c: Candidates) {
  const skipped = noSkips();
  skipped.invalid = c.invalid;
  const seen = new Set<string>();
  const unique: NewNumber[] = [];
  for (const n of c.candidates) {
    if (seen.has(n.phoneHash)) skipped.duplicate++;
    else {
      seen.add(n.phoneHash);
      unique.push(n);
    }
  }
  const blocked = await blacklistedHashes(db as Knex, owner, [...seen]);
  const allowed = unique.filter((n) => !blocked.has(n.phoneHash));
  skipped.blacklisted = unique.length - allowed.length;
  return { allowed, skipped };
}

/** How many of `hashes` the task already has. */
async function alreadyIn(db: Db, taskId: number, hashes: string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < hashes.length; i += 5000) {
    const [r] = await db('task_numbers')
      .where('task_id', taskId)
      .whereIn('phone_hash', hashes.slice(i, i + 5000))
      .count({ n: '*' });
    n += Number(r!.n);
  }
  return n;
}

/** What adding `v` to the task (or to a task not created yet: taskId null) would do. */
export async function previewNumbers(
  deps: Deps,
  actor: Tenant,
  owner: Tenant,
  taskId: number | null,
  v: NumbersSource,
): Promise<NumbersPreviewReply> {
  const c = await candidatesOf(deps, actor, v);
  const { allowed, skipped } = await classify(deps.db, owner, c);
  skipped.exists =
    taskId === null
      ? 0
      : await alreadyIn(
          deps.db,
          taskId,
          allowed.map((n) => n.phoneHash),
        );
  return { toAdd: allowed.length - skipped.exists, skipped, invalidSamples: c.invalidSamples };
}

/** Adds `v` to the task, all in one transaction; what was skipped, by reason. */
export async function insertClassified(
  deps: Deps,
  actor: Tenant,
  owner: Tenant,
  task: { id: number; accountId: number },
  v: NumbersSource,
): Promise<AddNumbersReply> {
  const c = await candidatesOf(deps, actor, v);
  const { allowed, skipped } = await classify(deps.db, owner, c);
  const added = await deps.db.transaction((trx) => insertNumbers(trx, task, allowed));
  skipped.exists = allowed.length - added;
  const counts = (await countsOf(deps.db, [task.id])).get(task.id) ?? emptyCounts();
  return { added, skipped, invalidSamples: c.invalidSamples, counts };
}

// ---- files ----

/**
 * The phone cells of an uploaded file (multipart field "file"), checked like a customer import's
 * (crm/imports/upload.ts checkFile: type, magic, the xlsx zip counted as it inflates) and read in a capped child
 * process (numbersFile.ts).
 */
export async function uploadedLines(ctx: Context): Promise<RawLine[]> {
  return linesOfUpload(await receiveUpload(ctx));
}

/** The phone cells of a received upload (checked and read as above); the file is removed after. */
export async function linesOfUpload(upload: Upload): Promise<RawLine[]> {
  try {
    return await numbersOfFile(upload.path, await checkFile(upload));
  } finally {
    await fs.promises.rm(upload.path, { force: true });
  }
}
