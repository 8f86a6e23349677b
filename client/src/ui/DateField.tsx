// A 24-hour date (or date and time) picker from @blueprintjs/datetime. Value and onChange use the
// strings the native inputs used: yyyy-MM-dd, or yyyy-MM-ddTHH:mm with `withTime` ('' when empty).
import { DateInput, TimePrecision } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { MAX_PICK_DATE, MIN_PICK_DATE, useDatePickerTexts } from './dateLocale';
import { fromPickerValue, toPickerValue } from './dateText';

export function DateField(p: {
  value: string;
  onChange(value: string): void;
  testId: string;
  id?: string;
  label?: string;
  withTime?: boolean;
  fill?: boolean;
  disabled?: boolean;
  error?: boolean;
}) {
  const withTime = p.withTime ?? false;
  const texts = useDatePickerTexts(withTime);
  return (
    <DateInput
      {...texts}
      className="cp-date-field"
      value={toPickerValue(p.value, withTime)}
      onChange={(iso) => p.onChange(fromPickerValue(iso, withTime))}
      timePrecision={withTime ? TimePrecision.MINUTE : undefined}
      timePickerProps={withTime ? { useAmPm: false, showArrowButtons: true } : undefined}
      closeOnSelection={!withTime}
      showActionsBar
      highlightCurrentDay
      minDate={MIN_PICK_DATE}
      maxDate={MAX_PICK_DATE}
      fill={p.fill}
      disabled={p.disabled}
      popoverProps={{ placement: 'bottom-start' }}
      inputProps={{
        id: p.id,
        'aria-label': p.label,
        title: p.label,
        intent: p.error ? 'danger' : 'none',
        // @ts-expect-error data attributes pass through to the input
        'data-testid': p.testId,
        style: { width: withTime ? 150 : 116 },
      }}
    />
  );
}
