// The finance page's form rules, the same as the API's (domain/finance.ts): a recharge amount by
// parseYuan (required, > 0, at most 2 decimals, at most 10,000,000 yuan), the confirmation ticked, a
// subordinate chosen; a call rate typed in yuan per minute read into whole fen (0 to RATE_MAX_FEN,
// at most 2 decimals) and a billing accuracy of 6 or 60 seconds. Problems are i18n keys (finance ns).
import {
  DESCRIPTION_MAX,
  isBillingAccuracy,
  parseYuan,
  rateProblem,
  type AmountProblem,
} from '../../../../domain/finance';

export interface RechargeForm {
  accountId: number | null;
  amount: string;
  description: string;
  confirm: boolean;
}

export type FormProblems = Partial<Record<string, string>>;

const AMOUNT_KEYS: Record<AmountProblem, string> = {
  required: 'recharge.errors.amountRequired',
  invalid: 'recharge.errors.amountInvalid',
  positive: 'recharge.errors.amountPositive',
  decimals: 'recharge.errors.amountDecimals',
  max: 'recharge.errors.amountMax',
};

export function rechargeProblems(f: RechargeForm): FormProblems {
  const p: FormProblems = {};
  if (f.accountId === null) p.accountId = 'recharge.errors.accountRequired';
  const a = parseYuan(f.amount);
  if (!a.ok) p.amount = AMOUNT_KEYS[a.problem];
  if (f.description.trim().length > DESCRIPTION_MAX) p.description = 'recharge.errors.descriptionLong';
  if (!f.confirm) p.confirm = 'recharge.errors.confirm';
  return p;
}

const RATE_TEXT = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/** A rate typed in yuan per minute ('0.15') as whole fen (15), or the i18n key of its problem. */
export function parseRateYuan(text: string): { ok: true; fen: number } | { ok: false; problem: string } {
  const s = text.trim();
  if (s === '') return { ok: false, problem: 'rates.errors.required' };
  const m = RATE_TEXT.exec(s);
  if (!m) return { ok: false, problem: 'rates.errors.invalid' };
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  const problem = rateProblem(fen);
  if (problem) return { ok: false, problem: problem === 'max' ? 'rates.errors.max' : 'rates.errors.invalid' };
  return { ok: true, fen };
}

export interface RateForm {
  rate: string;
  accuracyS: string;
}

export function rateProblems(f: RateForm): FormProblems {
  const p: FormProblems = {};
  const r = parseRateYuan(f.rate);
  if (!r.ok) p.rate = r.problem;
  if (!isBillingAccuracy(Number(f.accuracyS))) p.accuracyS = 'rates.errors.accuracy';
  return p;
}

/** The API's field errors (path -> translated message) as the form's problems. */
export function serverProblems(errors: readonly { path: string; message: string }[]): FormProblems {
  const p: FormProblems = {};
  for (const e of errors) {
    const field = e.path === 'ratePerMinFen' ? 'rate' : e.path;
    p[field] ??= e.message;
  }
  return p;
}
