// Display helpers: i18n keys of codes (crm namespace) and the phone as the user may see it.
import type { i18n as I18n } from 'i18next';
import { RecordType, type FollowUpDto } from '../../../../domain/crm';
import { maskPhone } from '../../../../domain/format';
import { reasonText } from '../../ui/reasonText';

export const stageKey = (stage: number): string => `crm:stage.${stage}`;
export const contactKey = (method: number): string => `crm:contact.${method}`;

/** A hidden number arrives masked already; mask again defensively if it did not. */
export const phoneText = (phone: string, hidden: boolean): string =>
  hidden && !phone.includes('*') ? maskPhone(phone) : phone;

/**
 * A record's details as shown: a callback reminder a call wrote quotes the customer (their words as
 * said); an AI-visit record holds the call's reason, rendered in the reader's language from its code
 * (an older row without one shows its stored text); a person's record is shown as typed.
 */
export function followUpDetails(
  r: Pick<FollowUpDto, 'callId' | 'details' | 'detailsMessage'> & { recordType?: number },
  i18n: I18n,
): string {
  if (r.callId === null || r.callId === undefined) return r.details;
  if (r.recordType === RecordType.FollowUp)
    return (r.detailsMessage && reasonText(i18n, { ...r.detailsMessage, text: r.details })) || r.details;
  return i18n.t('crm:reminders.callbackAsked', { sentence: r.details });
}

/** A system record (contact method 500) has details like "100->300": the stages it moved between. */
export function parseStageChange(details: string): { from: number; to: number } | null {
  const m = /^\s*(\d{3})\s*->\s*(\d{3})\s*$/.exec(details);
  return m ? { from: Number(m[1]), to: Number(m[2]) } : null;
}
