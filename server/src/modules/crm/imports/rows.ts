// One parsed row → one staged row: phone checks (SPEC §5), option 2's landline filter, option 4's
// decryption and hiding, field truncation to the customers columns.
import { ImportOption } from '../../../../../domain/crm';
import { maskPhone } from '../../../../../domain/format';
import { encryptSecret } from '../../../../../config/secrets';
import { parseSex } from './columns';
import type { ParsedRow } from './parsers/types';
import { normalisePhone, phoneHasher, phoneKind } from './phone';
import { neutralise } from '../../../../../domain/spreadsheet';
import type { StageRow } from './chunker';

export interface RowContext {
  option: number;
  secretKey: string;
  /** Option 4: the supplier's decrypter. */
  decrypt?: (cell: string) => string | null;
  /** phoneHash with the key prepared once (set on first use). */
  hash?: (digits: string) => string;
}

const cut = (s: string | undefined, n: number) => (!s ? '' : s.length > n ? s.slice(0, n) : s);

export function toStage(row: ParsedRow, ctx: RowContext): StageRow {
  const f = row.fields;
  const base: StageRow = {
    rowNo: row.rowNo,
    phone: '',
    cipher: null,
    hash: null,
    digits: null,
    name: cut(f.name, 64),
    contact: cut(f.contact, 64),
    sex: parseSex(f.sex),
    company: cut(f.company, 128),
    address: cut(f.address, 256),
    remarks: [f.remark1, f.remark2, f.remark3, f.remark4, f.remark5].map((r) => cut(r, 500)),
    source: cut(f.source, 64),
    outcome: null,
    reason: '',
  };
  const raw = (f.phone ?? '').trim();
  if (!raw) return refuse(base, 'invalid', 'missing phone', '');
  const hidden = ctx.option === ImportOption.DedupeEncrypted;
  let clear = raw;
  if (hidden) {
    const d = ctx.decrypt!(raw);
    if (d === null) return refuse(base, 'invalid', 'cannot decrypt (AES-ECB/PKCS7, base64)', raw);
    clear = d;
  }
  const digits = normalisePhone(clear);
  const kind = phoneKind(digits);
  const shown = hidden ? maskPhone(digits) : digits;
  if (kind === 'invalid')
    return refuse(base, 'invalid', 'not a mobile or landline number', hidden ? shown : raw);
  if (kind === 'landline' && ctx.option === ImportOption.DedupeDropLandlines)
    return refuse(base, 'removed', 'landline', shown);
  base.phone = shown;
  base.cipher = hidden ? encryptSecret(ctx.secretKey, digits) : null;
  base.hash = (ctx.hash ??= phoneHasher(ctx.secretKey))(digits);
  base.digits = digits;
  return base;
}

// Module level, not a closure per row: a million rows make closures show in profiles.
function refuse(row: StageRow, outcome: 'invalid' | 'removed', reason: string, shown: string): StageRow {
  row.phone = neutralise(shown.slice(0, 64));
  row.outcome = outcome;
  row.reason = reason;
  return row;
}
