// One parsed row → one staged row: phone checks (domain/phone.ts, the one normaliser), option 2's
// mobiles-only filter, option 4's hiding (a plain number, or a supplier's AES cell decrypted), field
// truncation to the customers columns.
import { ImportOption } from '../../../../../domain/crm';
import { maskPhone } from '../../../../../domain/format';
import { encryptSecret } from '../../../../../platform/secrets';
import { parseSex } from './columns';
import type { ParsedRow } from './parsers/types';
import { parsePhone, type ParsedPhone } from '../../../../../domain/phone';
import { phoneHasher } from './phone';
import type { Reasons } from './reasons';
import { hasControl, neutralise, stripControls } from '../../../../../domain/spreadsheet';
import type { StageRow } from './chunker';

export interface RowContext {
  option: number;
  secretKey: string;
  /** Option 4: the supplier's decrypter, when the importer has set a key. */
  decrypt?: (cell: string) => string | null;
  /** The report's words, in the importer's language. */
  reasons: Reasons;
  /** phoneHash with the key prepared once (set on first use). */
  hash?: (digits: string) => string;
}

// Control characters are dropped (parsers already do; this keeps any other caller safe): PostgreSQL
// refuses NUL in text, and one such cell must never fail the file.
const cut = (s: string | undefined, n: number) => {
  if (!s) return '';
  const t = stripControls(s);
  return t.length > n ? t.slice(0, n) : t;
};

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
  const R = ctx.reasons;
  const raw = (f.phone ?? '').trim();
  if (!raw) return refuse(base, 'invalid', R.missing, '');
  // A number with a control character in it (NUL…) is not guessed at: the row is an error.
  if (hasControl(raw)) return refuse(base, 'invalid', R.control, stripControls(raw));
  const hidden = ctx.option === ImportOption.DedupeEncrypted;
  let p: ParsedPhone = parsePhone(raw);
  // Option 4 stores every number encrypted. A cell that is a number in clear is taken as it is; any
  // other cell is a supplier's AES ciphertext, decrypted with the key set in the import dialog.
  if (p.kind === 'invalid' && hidden) {
    if (!ctx.decrypt) return refuse(base, 'invalid', R.noKey, raw);
    const clear = ctx.decrypt(raw);
    const q = clear === null ? null : parsePhone(clear);
    if (!q || q.kind === 'invalid') return refuse(base, 'invalid', R.cannotDecrypt, raw);
    p = q;
  }
  if (p.kind === 'invalid') return refuse(base, 'invalid', R.invalid, raw);
  const digits = p.digits;
  const shown = hidden ? maskPhone(digits) : digits;
  // Option 2 imports mobiles only: fixed lines and 400/800 numbers are valid, so removed, not invalid.
  if (p.kind !== 'mobile' && ctx.option === ImportOption.DedupeDropLandlines)
    return refuse(base, 'removed', p.kind === 'landline' ? R.landline : R.service, shown);
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
