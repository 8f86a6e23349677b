// THE phone normaliser: imports, blacklists, customers, task numbers, shields and the softphone all
// read a typed or pasted number through parsePhone, so a number one of them accepts the others accept
// too. Pure.

/**
 * What a number is once normalised:
 *   mobile   – mainland mobile, 11 digits 1[3-9]… (SPEC §5);
 *   landline – fixed line with its area code: 0, then 9 to 11 digits (010 12345678, 0755 1234567);
 *   service  – 400 / 800 service number, 10 digits: a valid number that is not a mobile;
 *   invalid  – anything else (a bare local number without area code included: it cannot be dialled
 *              from a trunk in another city).
 */
export type PhoneKind = 'mobile' | 'landline' | 'service' | 'invalid';

export interface ParsedPhone {
  /** Digits as stored and hashed ('' when nothing digit-like was left). */
  digits: string;
  kind: PhoneKind;
}

const MOBILE = /^1[3-9]\d{9}$/;
const LANDLINE = /^0[1-9]\d{8,10}$/;
const SERVICE = /^[48]00\d{7}$/;

/** Full-width ASCII forms (１３８, ＋, －, （）, from Chinese input methods) to their ASCII letters. */
export const toHalfWidth = (s: string): string =>
  s.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');

// Separators people type or paste between digits: spaces (incl. no-break), dashes, dots, brackets.
const SEPARATORS = /[\s\u00a0\-–—‐.·()（）[\]]/g;

/** Classifies digits already normalised. */
export function phoneKindOf(digits: string): PhoneKind {
  if (MOBILE.test(digits)) return 'mobile';
  if (LANDLINE.test(digits)) return 'landline';
  if (SERVICE.test(digits)) return 'service';
  return 'invalid';
}

/**
 * Normalises a number as typed: full-width forms, separators, and the country code (+86, 0086, 86-,
 * or a bare 86 before an 11-digit mobile). After an explicit +86 / 0086 a fixed line is written without
 * its trunk 0 (+86 10 1234 5678), which is put back (01012345678).
 */
export function parsePhone(raw: string): ParsedPhone {
  // The usual case, a plain 11-digit mobile, skips the regex work (imports read a million rows).
  if (raw.length === 11 && MOBILE.test(raw)) return { digits: raw, kind: 'mobile' };
  const half = toHalfWidth(raw).trim();
  const explicit = /^(\+|00)\s*86/.exec(half);
  let s = (explicit ? half.slice(explicit[0].length) : half).replace(SEPARATORS, '');
  if (explicit) {
    if (!MOBILE.test(s) && !s.startsWith('0') && !SERVICE.test(s) && /^[1-9]\d{8,10}$/.test(s)) s = '0' + s;
  } else if (/^86\d{11}$/.test(s) && MOBILE.test(s.slice(2))) s = s.slice(2);
  if (!/^\d+$/.test(s)) return { digits: s, kind: 'invalid' };
  return { digits: s, kind: phoneKindOf(s) };
}

/** The stored digits of a valid number (mobile, landline or service), else null. */
export function normalizePhone(raw: string): string | null {
  const p = parsePhone(raw);
  return p.kind === 'invalid' ? null : p.digits;
}

/** The 11 digits of a mainland mobile (SPEC §5), else null. */
export function normalizeMobile(raw: string): string | null {
  const p = parsePhone(raw);
  return p.kind === 'mobile' ? p.digits : null;
}
