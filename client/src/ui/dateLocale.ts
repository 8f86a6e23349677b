// The date-fns locale and the picker texts for the language i18next is showing.
import { enUS, zhCN } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, DATE_TIME_FORMAT, formatLocal, parseLocal } from './dateText';

export function useDatePickerTexts(withTime: boolean) {
  const { t, i18n } = useTranslation('common');
  return {
    locale: i18n.language === 'en' ? enUS : zhCN,
    formatDate: (d: Date) => formatLocal(d, withTime),
    parseDate: (s: string) => parseLocal(s, withTime) ?? false,
    placeholder: withTime ? DATE_TIME_FORMAT : DATE_FORMAT,
    clearButtonText: t('dates.clear'),
    todayButtonText: t('dates.today'),
    invalidDateMessage: t('dates.invalid'),
    outOfRangeMessage: t('dates.outOfRange'),
    overlappingDatesMessage: t('dates.overlapping'),
  };
}

/** Pickers reach 2000-01-01 … 2099-12-31 (Blueprint's default stops within the next year). */
export const MIN_PICK_DATE = new Date(2000, 0, 1);
export const MAX_PICK_DATE = new Date(2099, 11, 31);
