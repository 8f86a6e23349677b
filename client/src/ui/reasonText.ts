// Reasons the platform stored (a call's 判定原因, a robot line's reason, a fault) in the reader's
// language: a reason with a code is rendered from the `reasons` namespace with its parameters
// (domain/reasons.ts), an older one without a code shows its stored text.
import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatReason,
  renderStoredReason,
  type ReasonMessage,
  type Translate,
} from '../../../domain/reasons';

const translator =
  (i18n: I18n): Translate =>
  (code, params) =>
    i18n.t(`reasons:${code}`, params);

const knows = (i18n: I18n) => (code: string) => i18n.exists(`reasons:${code}`);

/** A stored reason as the reader reads it; null when there is none. Anything else is shown as it came. */
export function reasonText(i18n: I18n, r: unknown): string | null {
  const text = renderStoredReason(r, translator(i18n), knows(i18n));
  if (text !== null || r === null || r === undefined) return text;
  return typeof r === 'object' ? JSON.stringify(r) : String(r);
}

/** One message (e.g. a grade's fact) in the reader's language. */
export const messageText = (i18n: I18n, m: ReasonMessage): string => formatReason(m, translator(i18n));

/**
 * reasonText for the current language: useTranslation re-renders the component when the language
 * changes, and the function reads the language when it is called.
 */
export function useReasonText(): (r: unknown) => string | null {
  const { i18n } = useTranslation('reasons');
  return useCallback((r: unknown) => reasonText(i18n, r), [i18n]);
}
