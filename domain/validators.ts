// Validation rules of SPEC §5, shared by forms (client) and request schemas (server).

/** Mobile phone: 11 digits, starting with 1, second digit 3 to 9. */
export const isMobile = (s: string): boolean => /^1[3-9]\d{9}$/.test(s);

/** Account name: at least 6 characters, letters or digits only. */
export const isAccountName = (s: string): boolean => /^[A-Za-z0-9]{6,32}$/.test(s);

/** Password: at least 6 characters (at most 128 to bound hashing cost). */
export const isPassword = (s: string): boolean => s.length >= 6 && s.length <= 128;

/** A practical e-mail check: one @, a dot in the domain, no spaces. */
export const isEmail = (s: string): boolean => s.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(s);

const HOST_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

/** Url: http:// or https://, then a host (name, IPv4 or [IPv6]) with an optional port, then path, query, fragment. */
export function isUrl(s: string): boolean {
  const m = /^https?:\/\/([^\s/?#@]+)([/?#]\S*)?$/i.exec(s);
  if (!m || s.length > 2048) return false;
  const hp = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(m[1]!);
  if (!hp || (hp[2] !== undefined && (Number(hp[2]) < 1 || Number(hp[2]) > 65535))) return false;
  const host = hp[1]!;
  if (host.startsWith('[')) return host.includes(':');
  if (/^[\d.]+$/.test(host)) return isIPv4WithMask(host);
  return host.length <= 253 && host.split('.').every((label) => HOST_LABEL.test(label));
}

/** True when the name holds any character other than word characters (A-Z, a-z, 0-9, _) or a slash. */
export const usernameHasIllegalChars = (s: string): boolean => /[^\w/]/.test(s);

/** The two-digit province codes of GB/T 2260 (incl. Taiwan 71, Hong Kong 81, Macao 82). */
// prettier-ignore
export const PROVINCE_CODES: readonly string[] = [
  '11', '12', '13', '14', '15',
  '21', '22', '23',
  '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46',
  '50', '51', '52', '53', '54',
  '61', '62', '63', '64', '65',
  '71', '81', '82',
];

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** ISO 7064 MOD 11-2 check character of the first 17 digits of an 18-character ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

/** Age in whole years on `now` (local calendar) of someone born on y-m-d; null if that date does not exist. */
function ageOn(y: number, m: number, d: number, now: Date): number | null {
  const birth = new Date(y, m - 1, d);
  if (birth.getFullYear() !== y || birth.getMonth() !== m - 1 || birth.getDate() !== d) return null;
  const ny = now.getFullYear();
  const beforeBirthday = now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d);
  return ny - y - (beforeBirthday ? 1 : 0);
}

/**
 * Chinese resident ID card: 15 digits (first generation, birth year 19yy) or 17 digits plus a
 * check character (0-9 or X, lower-case x accepted); a GB/T 2260 province prefix; a real birthday
 * giving an age of 0 to 100 on `now`; and, for 18 characters, the ISO 7064 MOD 11-2 check character.
 */
export function isChineseIdCard(s: string, now: Date = new Date()): boolean {
  let y: number, birth: string;
  if (/^\d{15}$/.test(s)) {
    y = 1900 + Number(s.slice(6, 8));
    birth = s.slice(8, 12);
  } else if (/^\d{17}[\dXx]$/.test(s)) {
    y = Number(s.slice(6, 10));
    birth = s.slice(10, 14);
    if (idCardCheckChar(s) !== s[17]!.toUpperCase()) return false;
  } else return false;
  if (!PROVINCE_CODES.includes(s.slice(0, 2))) return false;
  const age = ageOn(y, Number(birth.slice(0, 2)), Number(birth.slice(2, 4)), now);
  return age !== null && age >= 0 && age <= 100;
}

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4_MASK = new RegExp(`^${OCTET}(\\.${OCTET}){3}(\\/(3[0-2]|[12]?\\d))?$`);

/** IPv4 address with an optional /0 to /32 mask; octets 0-255 written without leading zeros. */
export const isIPv4WithMask = (s: string): boolean => IPV4_MASK.test(s);

/** Line send rate 'n/m' (n calls per m seconds), both positive integers without leading zeros. */
export const isSendRate = (s: string): boolean => /^[1-9]\d{0,5}\/[1-9]\d{0,5}$/.test(s);

/** Call-time of day 'HH:mm', 00:00 to 23:59 (SPEC §9). */
export const isCallTime = (s: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(s);

/** Customer service number: at least 2 digits (at most 20). */
export const isServiceNumber = (s: string): boolean => /^\d{2,20}$/.test(s);

/** Names of scenes, seat groups and the like: at least `min` characters once trimmed. */
export const hasMinChars = (s: string, min: number): boolean => [...s.trim()].length >= min;

/** One hot word: 1 to 10 Chinese (Han) characters, no symbols. */
export const isHotWord = (s: string): boolean => /^\p{Script=Han}{1,10}$/u.test(s);

/** Hot words list: hot words separated by commas (ASCII or full-width), no empty items. */
export const isHotWordList = (s: string): boolean => s.split(/[,，]/).every(isHotWord);

// ---- Edge rules for dates, cursors and text: what PostgreSQL would refuse is refused first ----

/** Years a date typed into a filter or form may have (PostgreSQL's range is wider; JS's narrower). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

/** True when y-m-d is a real day of the Gregorian calendar within MIN_YEAR..MAX_YEAR. */
export function isCalendarDay(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
  return d <= days;
}

const DATE_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/**
 * A date or date-time as the API takes it: yyyy-MM-dd, optionally followed by T or a space,
 * HH:mm[:ss[.fraction]] and Z or ±HH[:]mm. The day must exist (no 2026-02-31), the time be a real
 * time of day (00:00:00 to 23:59:59), the offset at most ±14:59; `timeRequired` refuses a bare day.
 */
export function isDateText(s: string, opts: { timeRequired?: boolean } = {}): boolean {
  const m = typeof s === 'string' && s.length <= 40 ? DATE_TEXT.exec(s) : null;
  if (!m || !isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (m[4] === undefined) return !opts.timeRequired;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return false;
  return m[8] === undefined || (Number(m[8]) <= 14 && Number(m[9]) <= 59);
}

/** A bare day yyyy-MM-dd that exists (date pickers, report ranges). */
export const isDayText = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s) && isDateText(s);

const PG_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?([+-])(\d{2})(?::?(\d{2}))?$/;

/**
 * PostgreSQL's ISO text of a timestamptz ('2026-01-02 03:04:05.123456+00'), as keyset cursors
 * carry it: a cursor is client-held, so its key is checked like any other input.
 */
export function isPgTimestampText(s: string): boolean {
  const m = typeof s === 'string' ? PG_TIMESTAMP.exec(s) : null;
  return (
    !!m &&
    isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3])) &&
    Number(m[4]) <= 23 &&
    Number(m[5]) <= 59 &&
    Number(m[6]) <= 59 &&
    Number(m[8]) <= 15 &&
    Number(m[9] ?? 0) <= 59
  );
}

/**
 * Index of the first control character text may not hold, or -1: NUL and the other C0 controls
 * (U+0000-U+001F) and DEL. Tab, line feed and carriage return are allowed unless `singleLine`.
 * PostgreSQL refuses NUL in text and jsonb outright; the rest are refused so no stored name, remark
 * or header carries invisible terminal or protocol characters.
 */
export function controlCharIndex(s: string, singleLine = false): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x7f || (c < 0x20 && (singleLine || (c !== 0x09 && c !== 0x0a && c !== 0x0d)))) return i;
  }
  return -1;
}

/** Largest id the API accepts: PostgreSQL bigint ids, limited to what a JS number holds exactly. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** A positive integer id that fits a bigint column and a JS number. */
export const isId = (n: number): boolean => Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID;

/**
 * Where in a parsed request (query or JSON body) the first refused control character is: the
 * dotted path of the string holding it (or of the key, for a key that holds one), or null. Walks
 * without recursion so a deeply nested body cannot overflow the stack.
 */
export function findControlChar(value: unknown): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  const join = (p: string, k: string | number) => (p ? `${p}.${k}` : String(k));
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (controlCharIndex(v) >= 0) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: join(path, i) });
    } else if (v && typeof v === 'object') {
      const keys = Object.keys(v);
      // A key is named with its control characters shown as '?' (the reply must not carry them).
      const shown = (k: string) => [...k].map((ch) => (controlCharIndex(ch) >= 0 ? '?' : ch)).join('');
      for (const k of keys) if (controlCharIndex(k) >= 0) return join(path, shown(k));
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push({ v: (v as Record<string, unknown>)[keys[i]!], path: join(path, keys[i]!) });
    }
  }
  return null;
}
