// A 24-hour date (or date-time) range picker from @blueprintjs/datetime with one calendar popover.
// Values are our strings (yyyy-MM-dd or yyyy-MM-ddTHH:mm, '' for an open end); the two boxes carry
// `${testId}-from` / `${testId}-to`.
import { DateRangeInput, TimePrecision } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { useTranslation } from 'react-i18next';
import { MAX_PICK_DATE, MIN_PICK_DATE, useDatePickerTexts } from './dateLocale';
import { parseLocal } from './dateText';

const toDate = (v: string, withTime: boolean) => (v ? parseLocal(v.replace('T', ' '), withTime) : null);
const toText = (d: Date | null, withTime: boolean) => {
  if (!d) return '';
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return withTime
    ? `${day}T${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
    : day;
};

export function DateRangeField(p: {
  from: string;
  to: string;
  onChange(range: { from: string; to: string }): void;
  testId: string;
  withTime?: boolean;
  fromLabel?: string;
  toLabel?: string;
}) {
  const { t } = useTranslation('common');
  const withTime = p.withTime ?? false;
  const texts = useDatePickerTexts(withTime);
  const width = { width: withTime ? 150 : 116 };
  return (
    <DateRangeInput
      {...texts}
      className="cp-date-range"
      value={[toDate(p.from, withTime), toDate(p.to, withTime)]}
      onChange={([a, b]) => p.onChange({ from: toText(a, withTime), to: toText(b, withTime) })}
      timePrecision={withTime ? TimePrecision.MINUTE : undefined}
      timePickerProps={withTime ? { useAmPm: false } : undefined}
      allowSingleDayRange
      singleMonthOnly={false}
      shortcuts={false}
      minDate={MIN_PICK_DATE}
      maxDate={MAX_PICK_DATE}
      popoverProps={{ placement: 'bottom-start' }}
      startInputProps={{
        'aria-label': p.fromLabel ?? t('dates.from'),
        title: p.fromLabel ?? t('dates.from'),
        placeholder: p.fromLabel ?? t('dates.from'),
        // @ts-expect-error data attributes pass through to the input
        'data-testid': `${p.testId}-from`,
        style: width,
      }}
      endInputProps={{
        'aria-label': p.toLabel ?? t('dates.to'),
        title: p.toLabel ?? t('dates.to'),
        placeholder: p.toLabel ?? t('dates.to'),
        // @ts-expect-error data attributes pass through to the input
        'data-testid': `${p.testId}-to`,
        style: width,
      }}
    />
  );
}
