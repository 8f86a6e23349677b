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
