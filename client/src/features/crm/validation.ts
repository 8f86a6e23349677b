// Client-side checks of the customer-center forms, the same rules as the server (SPEC §5).
// Values are i18n keys of the crm namespace.
import { RecordType, STAGES, USER_CONTACT_METHODS } from '../../../../domain/crm';
import { normalizeMobile } from '../../../../domain/phone';
import { isApiError } from '../../api';
import type { CustomerInput, FieldErrors, FollowUpInput, SeaSettingsInput } from './types';

const V = 'crm:validation.';

export const hasErrors = (e: FieldErrors): boolean => Object.keys(e).length > 0;

/** `phoneEditable` is false for a hidden number: it is not sent, so not checked. */
export function validateCustomer(v: CustomerInput, phoneEditable = true): FieldErrors {
  const e: FieldErrors = {};
  if (v.name.trim() === '') e.name = `${V}required`;
  else if (v.name.trim().length > 64) e.name = `${V}tooLong`;
  if (phoneEditable) {
    const phone = (v.phone ?? '').trim();
    if (phone === '') e.phone = `${V}required`;
    else if (normalizeMobile(phone) === null) e.phone = `${V}mobile`; // +86 …, full-width: the server's normaliser
  }
  if (v.remarks.length > 5) e.remarks = `${V}invalid`;
  if (!STAGES.includes(v.stage)) e.stage = `${V}invalid`;
  return e;
}

/** `now` is passed in so the rule "a reminder is in the future" can be tested. */
export function validateFollowUp(v: FollowUpInput, now: number = Date.now()): FieldErrors {
  const e: FieldErrors = {};
  if (!STAGES.includes(v.stage)) e.stage = `${V}invalid`;
  if (!USER_CONTACT_METHODS.includes(v.contactMethod)) e.contactMethod = `${V}invalid`;
  if (v.details.length > 2000) e.details = `${V}tooLong`;
  if (v.recordType === RecordType.Reminder) {
    if (!v.remindAt) e.remindAt = `${V}required`;
    else if (Number.isNaN(Date.parse(v.remindAt))) e.remindAt = `${V}date`;
    else if (Date.parse(v.remindAt) <= now) e.remindAt = `${V}future`;
  }
  return e;
}

/** The typed confirmation of destructive actions (SPEC §5). */
export const isDeleteConfirmed = (typed: string): boolean => typed.trim() === 'delete';

/** A `datetime-local` value (local wall time) as ISO with the zone, as the server wants it. */
export function localToIso(local: string): string | undefined {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The message and the field errors (by path) of a failed request, for a form. */
export function failureOf(e: unknown): { message: string; fieldErrors: FieldErrors } {
  if (!isApiError(e)) return { message: e instanceof Error ? e.message : String(e), fieldErrors: {} };
  const fieldErrors: FieldErrors = {};
  for (const f of e.fieldErrors) fieldErrors[f.path] ??= f.message;
  return { message: e.message, fieldErrors };
}

/** The allocation dialog's choice, checked like the server: targets for modes 1 and 2, quantities that fit. */
export function validateAllocation(
  v: { mode: number; targets: number[]; quantities: Record<number, string> },
  selected: number,
): FieldErrors {
  const e: FieldErrors = {};
  if (v.mode !== 0 && v.targets.length === 0) e.targets = `${V}targets`;
  if (v.mode === 2) {
    const qs = v.targets.map((t) => v.quantities[t] ?? '');
    if (qs.some((q) => !/^\d+$/.test(q.trim()))) e.quantities = `${V}invalid`;
    else if (qs.reduce((a, q) => a + Number(q), 0) > selected) e.quantities = `${V}quantities`;
  }
  return e;
}

/** A tag or group name (1..64 after trimming) and a tag colour ('#rgb'..'#rrggbbaa' or empty), as the server checks. */
export function validateTagForm(v: { name: string; color?: string }): FieldErrors {
  const e: FieldErrors = {};
  if (v.name.trim() === '') e.name = `${V}required`;
  else if (v.name.trim().length > 64) e.name = `${V}tooLong`;
  if (v.color !== undefined && !/^(#[0-9a-fA-F]{3,8})?$/.test(v.color.trim())) e.color = `${V}invalid`;
  return e;
}

const whole = (v: string, min: number, max: number): boolean =>
  /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max;

/** Sea settings as the server checks them: auto release 1..365 days or empty (never), claims 0..10000 a day. */
export function validateSeaSettings(v: SeaSettingsInput): FieldErrors {
  const e: FieldErrors = {};
  if (v.autoReleaseDays.trim() !== '' && !whole(v.autoReleaseDays, 1, 365)) e.autoReleaseDays = `${V}days`;
  if (v.dailyClaimLimit.trim() === '') e.dailyClaimLimit = `${V}required`;
  else if (!whole(v.dailyClaimLimit, 0, 10000)) e.dailyClaimLimit = `${V}claimLimit`;
  return e;
}

/** The form's text as the body of PUT /api/crm/sea/settings (validate first). */
export const seaSettingsBody = (v: SeaSettingsInput) => ({
  autoReleaseDays: v.autoReleaseDays.trim() === '' ? null : Number(v.autoReleaseDays),
  dailyClaimLimit: Number(v.dailyClaimLimit),
});
