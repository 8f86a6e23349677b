// A 24-hour hours:minutes picker from @blueprintjs/datetime; value and onChange use 'HH:mm'.
// The hour and minute boxes carry `${testId}-hour` / `${testId}-minute`; the wrapper carries testId
// and data-value (the committed value, for tests).
import { TimePicker } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { dateToTime, timeToDate } from './dateText';

export function TimeField(p: {
  value: string;
  onChange(value: string): void;
  testId: string;
  label?: string;
}) {
  return (
    <span
      className="cp-time-field"
      data-testid={p.testId}
      data-value={p.value}
      role="group"
      aria-label={p.label}
      title={p.label}
      ref={(el) => {
        // TimePicker has no input props: name its two boxes for tests and screen readers.
        const inputs = el?.querySelectorAll('input') ?? [];
        inputs[0]?.setAttribute('data-testid', `${p.testId}-hour`);
        inputs[1]?.setAttribute('data-testid', `${p.testId}-minute`);
      }}
    >
      <TimePicker
        useAmPm={false}
        selectAllOnFocus
        value={timeToDate(p.value)}
        onChange={(d) => p.onChange(dateToTime(d))}
      />
    </span>
  );
}
