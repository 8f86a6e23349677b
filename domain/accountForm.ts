// The user form's rules (SPEC §5 User), the same ones the server's schema applies
// (server/src/modules/accounts/schema.ts): the client shows them before sending, the server's own
// field errors (a taken name, beyond the superior's expiry or seats) then land on the same fields.
import { isAccountName, isDateText, isMobile, isPassword } from './validators';

export type AccountProblem =
  | 'required'
  | 'account'
  | 'password'
  | 'confirm'
  | 'authorization'
  | 'count'
  | 'date'
  | 'mobile'
  | 'expiryBeyondParent';

export const ACCOUNT_COUNT_MAX = 100000;

export interface AccountFormInput {
  account: string;
  password: string;
  confirm: string;
  realName: string;
  phone: string;
  /** Numbers as typed: undefined when empty, NaN when not a number. */
  aiSeats: number | undefined;
  totalAuthorization: number | undefined;
  dialIntervalSeconds: number | undefined;
  dailyConnectLimit: number | undefined;
  dailyMinutesLimit: number | undefined;
  /** yyyy-MM-dd */
  expiresAt: string;
}

export type AccountProblems = Partial<Record<keyof AccountFormInput, AccountProblem>>;

const countProblem = (n: number | undefined, required: boolean): AccountProblem | undefined => {
  if (n === undefined) return required ? 'required' : undefined;
  return Number.isInteger(n) && n >= 0 && n <= ACCOUNT_COUNT_MAX ? undefined : 'count';
};

/**
 * Problems of the form; `isNew` adds the account name and password rules. `parentExpiresAt` is the
 * editor's own expiry (a child never beyond it; null for the super administrator).
 */
export function validateAccountForm(
  v: AccountFormInput,
  isNew: boolean,
  parentExpiresAt: string | null = null,
): AccountProblems {
  const p: AccountProblems = {};
  if (isNew) {
    if (!v.account.trim()) p.account = 'required';
    else if (!isAccountName(v.account.trim())) p.account = 'account';
    if (!v.password) p.password = 'required';
    else if (!isPassword(v.password)) p.password = 'password';
    if (v.confirm !== v.password) p.confirm = 'confirm';
  }
  if (!v.realName.trim()) p.realName = 'required';
  if (v.phone.trim() && !isMobile(v.phone.trim())) p.phone = 'mobile';
  p.aiSeats = countProblem(v.aiSeats, true);
  p.totalAuthorization = countProblem(v.totalAuthorization, true);
  p.dialIntervalSeconds = countProblem(v.dialIntervalSeconds, true);
  p.dailyConnectLimit = countProblem(v.dailyConnectLimit, false);
  p.dailyMinutesLimit = countProblem(v.dailyMinutesLimit, false);
  if (!p.aiSeats && !p.totalAuthorization && v.totalAuthorization! <= v.aiSeats!)
    p.totalAuthorization = 'authorization';
  if (!v.expiresAt) p.expiresAt = 'required';
  else if (!isDateText(v.expiresAt)) p.expiresAt = 'date';
  else if (parentExpiresAt && new Date(v.expiresAt).getTime() > new Date(parentExpiresAt).getTime())
    p.expiresAt = 'expiryBeyondParent';
  for (const k of Object.keys(p) as (keyof AccountFormInput)[]) if (!p[k]) delete p[k];
  return p;
}
