// Display formatting shared by client, server and media (SPEC §5 balance text, §9 timestamps and durations).
// Money is exact: amounts are handled as decimal digits (BigInt), never as binary floats.
import { localMs } from './localTime';

/** A decimal number as integer digits and a power of ten: value = digits × 10^-scale. */
interface Decimal {
  negative: boolean;
  digits: bigint;
  scale: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

/** Parses a finite decimal number or numeric string ('12', '-0.5', '1.2e3'); null for anything else. */
function parseDecimal(v: string | number | null | undefined): Decimal | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  const s = String(v).trim();
  const m = s.length <= 64 ? DECIMAL.exec(s) : null;
  if (!m || (m[2] === '' && !m[3])) return null;
  const frac = m[3] ?? '';
  return {
    negative: m[1] === '-',
    digits: BigInt((m[2] || '0') + frac),
    scale: frac.length - Number(m[4] ?? 0),
  };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** value / 10^shift rounded half away from zero to whole hundredths, as a signed count of hundredths. */
function hundredths(d: Decimal, shift: number): bigint {
  const k = 2 - shift - d.scale;
  let n: bigint;
  if (k >= 0) n = d.digits * pow10(k);
  else {
    const div = pow10(-k);
    n = d.digits / div;
    if ((d.digits % div) * 2n >= div) n += 1n;
  }
  return d.negative ? -n : n;
}

/** Hundredths as 'x.yy', with a minus sign only when the value is below zero. */
function centsText(n: bigint): string {
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export interface BalanceUnits {
  wan: string;
  yi: string;
}

/**
 * Balance text (SPEC §5): empty or non-numeric gives ''; 100,000,000 or more in the hundred-million
 * unit, otherwise in the ten-thousand unit, with 2 decimals (half away from zero): 123456 -> '12.35万'.
 */
export function balanceText(
  yuan: string | number | null | undefined,
  units: BalanceUnits = { wan: '万', yi: '亿' },
): string {
  const d = parseDecimal(yuan);
  if (!d) return '';
  const yi = !d.negative && d.digits * pow10(Math.max(0, -8 - d.scale)) >= pow10(Math.max(0, 8 + d.scale));
  return yi ? centsText(hundredths(d, 8)) + units.yi : centsText(hundredths(d, 4)) + units.wan;
}

/** Integer fen to yuan with 2 decimals, exactly: 123456 -> '1234.56', -5 -> '-0.05'. */
export function fenToYuan(fen: number | bigint): string {
  if (typeof fen === 'number' && !Number.isSafeInteger(fen))
    throw new RangeError(`fen must be an integer: ${fen}`);
  return centsText(BigInt(fen));
}

/** 'yyyy-MM-dd HH:mm:ss' in the given IANA time zone (default Asia/Shanghai); '' for an invalid date. */
export function formatDateTime(d: Date | string, timeZone = 'Asia/Shanghai'): string {
  const date = typeof d === 'string' ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) return '';
  // The zone's wall clock read as UTC (domain/dialer/localTime.ts), then printed field by field.
  const w = new Date(localMs(date.getTime(), timeZone));
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${String(w.getUTCFullYear()).padStart(4, '0')}-${two(w.getUTCMonth() + 1)}-${two(w.getUTCDate())} ` +
    `${two(w.getUTCHours())}:${two(w.getUTCMinutes())}:${two(w.getUTCSeconds())}`
  );
}

export interface DurationUnits {
  d: string;
  h: string;
  m: string;
  s: string;
  /** Put between the parts. */
  sep: string;
}
export const DURATION_UNITS_EN: DurationUnits = { d: 'd', h: 'h', m: 'm', s: 's', sep: ' ' };
export const DURATION_UNITS_ZH: DurationUnits = { d: '天', h: '小时', m: '分', s: '秒', sep: '' };

/**
 * Compact duration (SPEC §9: seconds, minutes, hours, days), zero parts left out:
 * 45 -> '45s', 125 -> '2m 5s', 3600 -> '1h', 90061 -> '1d 1h 1m 1s'. Rounds to whole seconds;
 * negative or non-finite input gives ''.
 */
export function formatDuration(seconds: number, units: DurationUnits = DURATION_UNITS_EN): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  let rest = Math.round(seconds);
  if (rest === 0) return `0${units.s}`;
  const parts: string[] = [];
  for (const [size, unit] of [
    [86400, units.d],
    [3600, units.h],
    [60, units.m],
    [1, units.s],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  return parts.join(units.sep);
}

/** Masks the middle of a phone number for users who must not see it: 13812341234 -> 138****1234. */
export function maskPhone(digits: string): string {
  if (digits.length < 7) return '*'.repeat(digits.length);
  return digits.slice(0, 3) + '*'.repeat(digits.length - 7) + digits.slice(-4);
}
