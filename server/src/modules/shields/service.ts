// Shield rules: numbers normalised and stored as hash + masked form only; adds report duplicates
// instead of failing; imports reuse the CRM import's upload checks and parsers; the shield rules and
// dialing defaults are checked with the form's rules (domain/shields); a quota is the parent's to set.
import fs from 'node:fs';
import type { Context } from 'koa';
import type { z } from 'zod';
import { phoneHash } from '../../../../platform/secrets';
import { maskPhone } from '../../../../domain/format';
import {
  DEFAULT_DIAL_SETTINGS,
  badShieldLevel,
  blacklistSearch,
  localDate,
  normalizeMobile,
  validateDialDefaults,
  validateQuota,
  type AddNumbersResult,
  type DialSettingsDto,
} from '../../../../domain/shields';
import type { Deps } from '../../deps';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import type { AuthContext } from '../auth/sessions';
import { FileFaultError } from '../../files/sheets/types';
import { fileError, problemError, type SheetFileType } from '../../files/upload';
import { parseCsv } from '../crm/imports/parsers/csv';
import { parseTxt } from '../crm/imports/parsers/txt';
import type { ParsedRow } from '../crm/imports/parsers/types';
import { parseXls } from '../crm/imports/parsers/xls';
import { parseXlsx } from '../crm/imports/parsers/xlsx';
import { problemOf } from '../crm/imports/fileProblem';
import { checkFile, receiveUpload } from '../crm/imports/upload';
import {
  aiSeatsOf,
  childQuotas,
  insertBlacklist,
  insertShield,
  removeBlacklist,
  removeShields,
  saveDefaults,
  saveQuota,
  saveShieldLevels,
  settingsOf,
  type NumberRow,
  type Search,
} from './repo';
import { importFieldsSchema, type dialDefaultsSchema } from './schema';

/** Limits of a call-blacklist import (mutable so tests can lower them; the server runs in-process). */
export const blacklistImportLimits = { maxRows: 100_000, shownInvalid: 100 };

const parsers: Record<SheetFileType, (file: string) => AsyncGenerator<ParsedRow>> = {
  txt: parseTxt,
  csv: parseCsv,
  xlsx: parseXlsx,
  xls: parseXls,
};

const numberRow = (deps: Deps, phone: string): NumberRow => ({
  phoneHash: phoneHash(deps.config.secretKey, phone),
  phoneMasked: maskPhone(phone),
});

export function searchOf(deps: Deps, phone: string | undefined): Search {
  const s = blacklistSearch(phone ?? '');
  if (!s) return null;
  return s.kind === 'full' ? { hash: phoneHash(deps.config.secretKey, s.phone) } : { digits: s.digits };
}

// ---- call blacklist ----

export async function addToBlacklist(
  deps: Deps,
  auth: AuthContext,
  phone: string,
  reason: string,
): Promise<AddNumbersResult> {
  const added = await insertBlacklist(deps.db, auth.actor.id, auth.actor.id, reason, [
    numberRow(deps, phone),
  ]);
  return { added, duplicates: 1 - added, invalid: [], invalidCount: 0 };
}

/** Reads the uploaded file's phone column (txt: the first item of each line) into the account's list. */
export async function importBlacklist(
  deps: Deps,
  auth: AuthContext,
  ctx: Context,
): Promise<AddNumbersResult> {
  const upload = await receiveUpload(ctx);
  try {
    const fields = parse(ctx, importFieldsSchema, upload.fields);
    const type = await checkFile(upload);
    const rows = new Map<string, NumberRow>();
    const invalid: AddNumbersResult['invalid'] = [];
    let invalidCount = 0;
    let total = 0;
    try {
      for await (const r of parsers[type](upload.path)) {
        if (++total > blacklistImportLimits.maxRows)
          throw fileError('upload.tooManyLines', { max: blacklistImportLimits.maxRows }, 413);
        const raw = (r.fields.phone ?? '').trim();
        const phone = normalizeMobile(raw);
        if (!phone) {
          invalidCount++;
          if (invalid.length < blacklistImportLimits.shownInvalid)
            invalid.push({ row: r.rowNo, value: raw.slice(0, 32) });
          continue;
        }
        const n = numberRow(deps, phone);
        rows.set(n.phoneHash, n);
      }
    } catch (e) {
      if (e instanceof FileFaultError) throw problemError(problemOf(e));
      throw e;
    }
    if (total === 0) throw fileError('upload.noNumbers');
    const added = await insertBlacklist(deps.db, auth.actor.id, auth.actor.id, fields.reason, [
      ...rows.values(),
    ]);
    return { added, duplicates: total - invalidCount - added, invalid, invalidCount };
  } finally {
    await fs.promises.rm(upload.path, { force: true });
  }
}

export async function removeFromBlacklist(deps: Deps, auth: AuthContext, ids: number[]) {
  const removed = await removeBlacklist(deps.db, auth.actor, ids);
  // Nothing of the caller's: another tenant's ids look exactly like missing ones.
  if (!removed) throw notFound();
  return { removed };
}

// ---- day shield ----

async function settingsOrDefault(deps: Deps, auth: AuthContext) {
  return (await settingsOf(deps.db, auth.actor, auth.actor.id)) ?? DEFAULT_DIAL_SETTINGS;
}

/** Today in the account's zone: the day a shield added now lasts for. */
export async function todayOf(deps: Deps, auth: AuthContext): Promise<string> {
  return localDate(new Date(), (await settingsOrDefault(deps, auth)).timeZone);
}

export async function addShield(deps: Deps, auth: AuthContext, phone: string): Promise<AddNumbersResult> {
  const day = await todayOf(deps, auth);
  const added = (await insertShield(deps.db, auth.actor.id, auth.actor.id, day, numberRow(deps, phone)))
    ? 1
    : 0;
  return { added, duplicates: 1 - added, invalid: [], invalidCount: 0 };
}

export async function removeShield(deps: Deps, auth: AuthContext, ids: number[]) {
  const removed = await removeShields(deps.db, auth.actor, ids);
  if (!removed) throw notFound();
  return { removed };
}

export async function setShieldLevels(deps: Deps, auth: AuthContext, levels: number[]) {
  const bad = badShieldLevel(levels);
  if (bad) throw fieldError(`levels.${bad.index}`, 'validation.invalid');
  await saveShieldLevels(
    deps.db,
    auth.actor.id,
    [...new Set(levels)].sort((a, b) => a - b),
  );
  return settingsDto(deps, auth);
}

// ---- dialing defaults and caps ----

export async function settingsDto(deps: Deps, auth: AuthContext): Promise<DialSettingsDto> {
  const own = await settingsOf(deps.db, auth.actor, auth.actor.id);
  return {
    settings: own ?? DEFAULT_DIAL_SETTINGS,
    isDefault: own === null,
    aiSeats: await aiSeatsOf(deps.db, auth.actor.id),
  };
}

export async function setDefaults(
  deps: Deps,
  auth: AuthContext,
  raw: unknown,
  v: z.infer<typeof dialDefaultsSchema>,
): Promise<DialSettingsDto> {
  // The quota is the parent's to set: an account never raises (or lowers) its own.
  if (raw && typeof raw === 'object' && 'concurrencyQuota' in raw) throw forbidden('cannotChangeSelf');
  const problems = validateDialDefaults(v);
  const fields = Object.keys(problems).map((path) => ({ path, key: 'validation.invalid' as const }));
  if (fields.length) throw new AppError(400, 400, 'badRequest', {}, null, fields);
  await saveDefaults(deps.db, auth.actor.id, v);
  return settingsDto(deps, auth);
}

export const quotasOf = (deps: Deps, auth: AuthContext) => childQuotas(deps.db, auth.actor);

export async function setQuota(deps: Deps, auth: AuthContext, accountId: number, quota: number | null) {
  if (accountId === auth.actor.id) throw forbidden('cannotChangeSelf');
  const [child] = await childQuotas(deps.db, auth.actor, accountId);
  if (!child) throw notFound();
  const problem = validateQuota(quota, child.aiSeats);
  if (problem) throw fieldError('concurrencyQuota', 'validation.invalid');
  await saveQuota(deps.db, accountId, quota);
  return (await childQuotas(deps.db, auth.actor, accountId))[0]!;
}
