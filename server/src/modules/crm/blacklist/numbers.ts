// What the blacklist (and a task's pasted numbers) accept: a mobile, a fixed line with its area code or
// a 400/800 number, in any form the one normaliser reads (+86 …, 86-…, full-width digits,
// separators). A mistyped mobile is reported instead of stored as something else.
import { normalizePhone as normalize } from '../../../../../domain/phone';

export function normalizePhone(raw: string): string | null {
  return normalize(raw);
}
