// What the blacklist accepts: a mobile number (SPEC §5) or a landline of 7 to 12 digits. Spaces and
// dashes people paste (010-1234 5678) are dropped; an 11-digit number starting with 1 must be a
// valid mobile, so a mistyped mobile is reported instead of stored as a "landline".
import { isMobile } from '../../../../../domain/validators';

export function normalizePhone(raw: string): string | null {
  const s = raw.replace(/[\s-]/g, '');
  if (isMobile(s)) return s;
  if (/^\d{7,12}$/.test(s) && !s.startsWith('1')) return s;
  return null;
}
