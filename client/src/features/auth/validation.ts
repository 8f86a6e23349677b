// Client-side form rules (SPEC §5), built on the shared domain validators. Values are i18n keys.
import type { ChangePasswordRequest, FieldError, RegisterRequest } from '../../../../domain/api';
import { isAccountName, isEmail, isMobile, isPassword } from '../../../../domain/validators';

export type FormErrors<K extends string> = Partial<Record<K, string>>;

const V = 'auth:validation.';
const required = (s: string) => s.trim() !== '';

export const hasErrors = (e: Record<string, string | undefined>): boolean => Object.values(e).some(Boolean);

export function validateLogin(v: { account: string; password: string; pledge: boolean }) {
  const e: FormErrors<'account' | 'password' | 'pledge'> = {};
  if (!required(v.account)) e.account = `${V}required`;
  if (!required(v.password)) e.password = `${V}required`;
  if (!v.pledge) e.pledge = `${V}pledge`;
  return e;
}

export function validateRegister(v: RegisterRequest) {
  const e: FormErrors<keyof RegisterRequest> = {};
  if (!isAccountName(v.account)) e.account = `${V}accountName`;
  if (!isPassword(v.password)) e.password = `${V}password`;
  if (v.confirm !== v.password) e.confirm = `${V}confirm`;
  if (!isEmail(v.email)) e.email = `${V}email`;
  if (!required(v.realName)) e.realName = `${V}required`;
  if (v.phone && !isMobile(v.phone)) e.phone = `${V}mobile`;
  if (!v.pledge) e.pledge = `${V}pledge`;
  return e;
}

export function validateForgot(v: { email: string }) {
  const e: FormErrors<'email'> = {};
  if (!isEmail(v.email)) e.email = `${V}email`;
  return e;
}

export function validateNewPassword(v: { password: string; confirm: string }) {
  const e: FormErrors<'password' | 'confirm'> = {};
  if (!isPassword(v.password)) e.password = `${V}password`;
  if (v.confirm !== v.password) e.confirm = `${V}confirm`;
  return e;
}

export function validateChangePassword(v: ChangePasswordRequest) {
  const e: FormErrors<'oldPassword' | 'password' | 'confirm'> = validateNewPassword(v);
  if (!required(v.oldPassword)) e.oldPassword = `${V}required`;
  return e;
}

/** The server's message for a field (400 data.errors), when the client found nothing wrong. */
export const serverFieldError = (errors: FieldError[], path: string): string | undefined =>
  errors.find((f) => f.path === path)?.message;
