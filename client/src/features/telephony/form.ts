// Form helpers: text fields to the typed inputs the API takes, and the domain's problems
// (domain/telephony-config.ts, the same rules the server applies) to i18n keys.
import type { Problems } from '../../../../domain/telephony-config';

/** i18n key of each field's problem, `telephony:validation.<problem>`. */
export function problemKeys(p: Problems): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, problem] of Object.entries(p))
    if (problem) out[field] = `telephony:validation.${problem}`;
  return out;
}

/** A number field: empty stays undefined (required), anything else is Number() (NaN is refused). */
export const numberOf = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s.trim()));

export const hasProblems = (p: Problems): boolean => Object.values(p).some(Boolean);
