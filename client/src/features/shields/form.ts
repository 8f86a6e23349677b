// The dialing-defaults form: text fields to the API's input and back, checked with the shared rules
// (domain/shields validateDialDefaults); each problem has its own message in locales shields.json.
import {
  validateDialDefaults,
  type CapCount,
  type DefaultsProblem,
  type DialDefaultsInput,
  type DialSettings,
} from '../../../../domain/shields';

export interface DefaultsForm {
  callStart: string;
  callEnd: string;
  timeZone: string;
  /** Empty = no cap. */
  capPerDay: string;
  capPerPeriod: string;
  capPeriodDays: string;
  capCount: CapCount;
  /** Yuan, as typed (the API takes fen). */
  lowBalanceYuan: string;
}

const capText = (n: number | null) => (n === null ? '' : String(n));

export function formOf(s: DialSettings): DefaultsForm {
  return {
    callStart: s.callStart,
    callEnd: s.callEnd,
    timeZone: s.timeZone,
    capPerDay: capText(s.capPerDay),
    capPerPeriod: capText(s.capPerPeriod),
    capPeriodDays: String(s.capPeriodDays),
    capCount: s.capCount,
    lowBalanceYuan: (s.lowBalanceFen / 100).toFixed(2).replace(/\.00$/, ''),
  };
}

/** Whole numbers only: anything else becomes NaN so the shared rule reports it. */
const int = (s: string): number => (/^-?\d+$/.test(s.trim()) ? Number(s.trim()) : NaN);
const cap = (s: string): number | null => (s.trim() === '' ? null : int(s));

/** Yuan with at most two decimals to integer fen (no floating-point rounding); NaN when not money. */
export function yuanToFen(s: string): number {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s.trim());
  if (!m) return NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function inputOf(f: DefaultsForm): DialDefaultsInput {
  return {
    callStart: f.callStart.trim(),
    callEnd: f.callEnd.trim(),
    timeZone: f.timeZone.trim(),
    capPerDay: cap(f.capPerDay),
    capPerPeriod: cap(f.capPerPeriod),
    capPeriodDays: int(f.capPeriodDays),
    capCount: f.capCount,
    lowBalanceFen: yuanToFen(f.lowBalanceYuan),
  };
}

/** Problems keyed by form field (lowBalanceFen shows under lowBalanceYuan). */
export function problemsOf(f: DefaultsForm): Partial<Record<keyof DefaultsForm, DefaultsProblem>> {
  const { lowBalanceFen, ...rest } = validateDialDefaults(inputOf(f));
  return lowBalanceFen ? { ...rest, lowBalanceYuan: lowBalanceFen } : rest;
}

export const problemKey = (p: DefaultsProblem): string => `defaults.problems.${p}`;
