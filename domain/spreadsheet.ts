// Cells for CSV and xlsx files users open in a spreadsheet (exports, import reports).

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * Formula injection: a spreadsheet treats a cell starting with = + - @ (or a tab or carriage return,
 * which some programs strip first) as a formula. Text from users goes through this, so a customer
 * named =HYPERLINK(…) is shown as text, never run. Idempotent.
 */
export function neutralise(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.has(value[0]!) ? `'${value}` : value;
}

/** One CSV field (RFC 4180): quoted when it holds a quote, comma or line break. */
export function csvField(value: string | number | boolean | null | undefined): string {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// C0 control characters except tab, line feed and carriage return, and DEL. PostgreSQL refuses NUL in
// text, and none of them belongs in a spreadsheet cell.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Whether a cell holds a control character (NUL and the like; tab and line breaks are allowed). */
export const hasControl = (value: string): boolean => CONTROL.test(value);

/** The cell without its control characters (tab and line breaks kept). Cheap when there are none. */
export const stripControls = (value: string): string =>
  CONTROL.test(value) ? value.replace(CONTROLS, '') : value;
