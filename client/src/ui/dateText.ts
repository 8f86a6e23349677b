// Pure conversions between the strings our forms keep (yyyy-MM-dd, yyyy-MM-ddTHH:mm, HH:mm — the shapes
// the native inputs produced, so queries and saved values are unchanged) and what the Blueprint date
// pickers take and give (ISO strings with an offset, Date objects for the time picker).

/** Display formats: 24-hour and year-first in both languages. */
export const DATE_FORMAT = 'yyyy-MM-dd';
export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** Our value → the picker's: a date stays a date; a local date-time keeps its wall clock (no offset). */
export function toPickerValue(value: string, withTime: boolean): string | null {
  if (withTime) return LOCAL_DATE_TIME.test(value) ? value.slice(0, 16) : null;
  return DATE.test(value) ? value : null;
}

/** The picker's ISO string (maybe with seconds and an offset) → ours; null or garbage → ''. */
export function fromPickerValue(iso: string | null, withTime: boolean): string {
  if (!iso) return '';
  if (withTime) return LOCAL_DATE_TIME.test(iso) ? iso.slice(0, 16) : '';
  return DATE.test(iso.slice(0, 10)) ? iso.slice(0, 10) : '';
}

/** 'HH:mm' → a Date today at that wall-clock time, or null when the text is not a time. */
export function timeToDate(hhmm: string, today = new Date()): Date | null {
  const m = TIME.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  const d = new Date(today);
  d.setHours(h, min, 0, 0);
  return d;
}

/** A Date → 'HH:mm' in the browser's wall clock. */
export function dateToTime(d: Date): string {
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** A local yyyy-MM-dd (or yyyy-MM-dd HH:mm) Date → text, in the browser's wall clock. */
export function formatLocal(d: Date, withTime: boolean): string {
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return withTime ? `${day} ${dateToTime(d)}` : day;
}

/** Typed text in our display format → a local Date, or null when it is not one (strict: no rollover). */
export function parseLocal(text: string, withTime: boolean): Date | null {
  const m = (
    withTime ? /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})$/ : /^(\d{4})-(\d{1,2})-(\d{1,2})$/
  ).exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0] = m.slice(1).map(Number) as number[];
  if (h! > 23 || mi! > 59) return null;
  const out = new Date(y!, mo! - 1, d!, h, mi, 0, 0);
  return out.getFullYear() === y && out.getMonth() === mo! - 1 && out.getDate() === d ? out : null;
}
