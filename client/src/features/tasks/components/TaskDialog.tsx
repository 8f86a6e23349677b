// New / edit task (SPEC §3 Task, §5 rules): bot picker (published bots), line picker, robots within the
// AI seats, start date, call and no-call period rows (HH:mm–HH:mm), weekdays Mon…Sun, fail hang-up
// count, redial settings with the result levels, push settings (stored only), and for a new task its
// numbers (NumbersPicker, with the count preview). The same validateTask the server runs decides what
// may be sent. Warnings: when the periods/weekdays/start date exclude now, when dialling will begin
// (in the account's zone); and an account without a call rate, whose start would be refused.
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NumericInput,
  Switch,
} from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PUSH_GRADE_OPTIONS,
  REDIAL_LEVEL_OPTIONS,
  WEEKDAYS,
  emptyTaskInput,
  validateTask,
  type TaskField,
  type TaskInput,
  type TaskKind,
} from '../../../../../domain/tasks';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { selectTasks, tasksActions as A, type AddNumbersRequest } from '../slice';
import { DialStartNote } from './DialStartNote';
import { NumbersPicker } from './NumbersPicker';
import { DateField } from '../../../ui/DateField';
import { TimeField } from '../../../ui/TimeField';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function PeriodRows(p: { value: string[]; onChange(v: string[]): void; testId: string }) {
  const { t } = useTranslation('tasks');
  const rows = p.value.map((s) => {
    const [a = '', b = ''] = s.split('-');
    return [a, b] as const;
  });
  const set = (i: number, a: string, b: string) =>
    p.onChange(rows.map((r, j) => (j === i ? `${a}-${b}` : `${r[0]}-${r[1]}`)));
  return (
    <div data-testid={p.testId}>
      {rows.map(([a, b], i) => (
        <div className="cp-tasks-period" key={i}>
          <TimeField
            label={t('fields.periodStart')}
            value={a}
            testId={`${p.testId}-start-${i}`}
            onChange={(v) => set(i, v, b)}
          />
          –
          <TimeField
            label={t('fields.periodEnd')}
            value={b}
            testId={`${p.testId}-end-${i}`}
            onChange={(v) => set(i, a, v)}
          />
          <Button
            minimal
            small
            icon="cross"
            aria-label={t('fields.removePeriod')}
            onClick={() => p.onChange(p.value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        small
        icon="add"
        text={t('fields.addPeriod')}
        data-testid={`${p.testId}-add`}
        onClick={() => p.onChange([...p.value, '09:00-18:00'])}
      />
    </div>
  );
}

function Checks(p: {
  options: readonly number[];
  value: number[];
  label(n: number): string;
  onChange(v: number[]): void;
  testId: string;
}) {
  return (
    <div className="cp-tasks-checks" data-testid={p.testId}>
      {p.options.map((n) => (
        <Checkbox
          key={n}
          inline
          label={p.label(n)}
          checked={p.value.includes(n)}
          data-testid={`${p.testId}-${n}`}
          onChange={(e) =>
            p.onChange(
              e.currentTarget.checked
                ? [...p.value, n].sort((a, b) => a - b)
                : p.value.filter((x) => x !== n),
            )
          }
        />
      ))}
    </div>
  );
}

export function TaskDialog({ kind }: { kind: TaskKind }) {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTasks);
  const { editor, options } = s;
  const [v, setV] = useState<TaskInput>(() => emptyTaskInput(kind, today()));
  const [touched, setTouched] = useState(false);
  const [numbers, setNumbers] = useState<AddNumbersRequest | null>(null);

  useEffect(() => {
    if (!editor.open) return;
    setTouched(false);
    const task = s.list.items.find((x) => x.id === editor.id);
    if (!task) setV(emptyTaskInput(kind, today()));
    else
      setV({
        name: task.name,
        kind: task.kind,
        botId: task.botId,
        robots: task.robots,
        startDate: task.startDate,
        callPeriods: task.callPeriods,
        noCallPeriods: task.noCallPeriods,
        weekdays: task.weekdays,
        failHangupCount: task.failHangupCount,
        redial: task.redial,
        pushUrl: task.pushUrl,
        pushAccount: task.pushAccount,
        pushGrades: task.pushGrades,
        wechatPush: task.wechatPush,
        createCustomers: task.createCustomers ?? true,
        lineId: task.lineId,
      });
    // Only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor.open, editor.id]);

  const problems = validateTask(v, { aiSeats: options?.aiSeats });
  // The owner's zone: an edited task's own (it may be a subordinate's), else the caller's.
  const zone = s.list.items.find((x) => x.id === editor.id) ?? options;
  const errorOf = (f: TaskField | 'kind') => {
    const p = f === 'kind' ? undefined : problems[f];
    if (touched && p) return t(`problems.${p}`);
    return editor.serverErrors[f] ?? null;
  };
  const group = (f: TaskField, label: string, child: ReactNode, helper?: string) => {
    const err = errorOf(f);
    return (
      <FormGroup
        label={label}
        labelFor={`task-${f}`}
        intent={err ? Intent.DANGER : Intent.NONE}
        helperText={err ?? helper}
        data-testid={`field-${f}`}
      >
        {child}
      </FormGroup>
    );
  };
  const submit = () => {
    setTouched(true);
    if (Object.keys(problems).length === 0)
      dispatch(
        A.saveRequested({
          id: editor.id,
          input: { ...v, kind },
          numbers: editor.id === null ? numbers : null,
        }),
      );
  };
  // An ancestor's bot is named with its owner: two bots of the tree may share a name.
  const botLabel = (b: { name: string; own: boolean; ownerAccount: string }) =>
    b.own ? b.name : `${b.name} ${t('bots:list.ownedBy', { account: b.ownerAccount })}`;
  const set = <K extends keyof TaskInput>(k: K, value: TaskInput[K]) => setV((x) => ({ ...x, [k]: value }));

  return (
    <Dialog
      isOpen={editor.open}
      title={t(editor.id === null ? 'fields.newTitle' : 'fields.editTitle')}
      onClose={() => dispatch(A.editorClosed())}
      style={{ width: 760 }}
    >
      <DialogBody>
        <div data-testid="task-dialog">
          {editor.formError && Object.keys(editor.serverErrors).length === 0 && (
            <Callout intent={Intent.DANGER} data-testid="task-form-error">
              {editor.formError}
            </Callout>
          )}
          {options?.billing === 'noRate' && (
            <Callout intent={Intent.WARNING} data-testid="task-no-rate">
              {t('reasons.noRate')}
            </Callout>
          )}
          <div className="cp-tasks-form">
            {group(
              'name',
              t('fields.name'),
              <InputGroup
                id="task-name"
                value={v.name}
                data-testid="task-name"
                onChange={(e) => set('name', e.currentTarget.value)}
              />,
            )}
            {group(
              'botId',
              t('fields.bot'),
              <HTMLSelect
                id="task-botId"
                fill
                value={v.botId ?? ''}
                data-testid="task-bot"
                onChange={(e) => set('botId', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
              >
                <option value="">{t('fields.chooseBot')}</option>
                {(options?.bots ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {botLabel(b)}
                  </option>
                ))}
              </HTMLSelect>,
            )}
            {group(
              'robots',
              t('fields.robots'),
              <NumericInput
                id="task-robots"
                fill
                min={1}
                max={options?.aiSeats}
                value={v.robots}
                data-testid="task-robots"
                onValueChange={(n) => set('robots', Number.isFinite(n) ? n : 0)}
              />,
              options ? t('fields.seatsHint', { seats: options.aiSeats }) : undefined,
            )}
            {group(
              'lineId',
              t('fields.line'),
              <HTMLSelect
                id="task-lineId"
                fill
                value={v.lineId ?? ''}
                data-testid="task-line"
                onChange={(e) => set('lineId', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
              >
                <option value="">{t('fields.chooseLine')}</option>
                {(options?.lines ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </HTMLSelect>,
            )}
            {group(
              'startDate',
              t('fields.startDate'),
              <DateField
                id="task-startDate"
                testId="task-startDate"
                value={v.startDate}
                onChange={(d) => set('startDate', d)}
              />,
            )}
            {group(
              'failHangupCount',
              t('fields.failHangupCount'),
              <NumericInput
                id="task-failHangupCount"
                fill
                min={0}
                value={v.failHangupCount}
                onValueChange={(n) => set('failHangupCount', Number.isFinite(n) ? n : 0)}
              />,
              t('fields.failHangupHint'),
            )}
            {group(
              'callPeriods',
              t('fields.callPeriods'),
              <PeriodRows
                value={v.callPeriods}
                testId="task-periods"
                onChange={(x) => set('callPeriods', x)}
              />,
            )}
            {group(
              'noCallPeriods',
              t('fields.noCallPeriods'),
              <PeriodRows
                value={v.noCallPeriods}
                testId="task-nocall"
                onChange={(x) => set('noCallPeriods', x)}
              />,
            )}
          </div>
          {group(
            'weekdays',
            t('fields.weekdays'),
            <Checks
              options={WEEKDAYS}
              value={v.weekdays}
              label={(n) => t(`weekdays.${n}`)}
              testId="task-weekdays"
              onChange={(x) => set('weekdays', x)}
            />,
            t('fields.weekdaysHint'),
          )}
          <Switch
            label={t('fields.redialEnabled')}
            checked={v.redial.enabled}
            data-testid="task-redial"
            onChange={(e) => set('redial', { ...v.redial, enabled: e.currentTarget.checked })}
          />
          {v.redial.enabled && (
            <>
              <div className="cp-tasks-form">
                {group(
                  'redial.count',
                  t('fields.redialCount'),
                  <NumericInput
                    fill
                    min={1}
                    max={5}
                    value={v.redial.count}
                    onValueChange={(n) => set('redial', { ...v.redial, count: n })}
                  />,
                )}
                {group(
                  'redial.intervalMinutes',
                  t('fields.redialInterval'),
                  <NumericInput
                    fill
                    min={0}
                    value={v.redial.intervalMinutes}
                    onValueChange={(n) => set('redial', { ...v.redial, intervalMinutes: n })}
                  />,
                )}
              </div>
              {group(
                'redial.levels',
                t('fields.redialLevels'),
                <Checks
                  options={REDIAL_LEVEL_OPTIONS}
                  value={v.redial.levels}
                  label={(n) => t(`results:level.${n}`)}
                  testId="task-redial-levels"
                  onChange={(x) => set('redial', { ...v.redial, levels: x })}
                />,
              )}
            </>
          )}
          {zone && (
            <DialStartNote
              schedule={v}
              timeZone={zone.timeZone}
              accountPeriods={zone.accountPeriods}
              testId="task-dial-start"
            />
          )}
          <Switch
            label={t('fields.createCustomers')}
            checked={v.createCustomers ?? true}
            data-testid="task-create-customers"
            onChange={(e) => set('createCustomers', e.currentTarget.checked)}
          />
          {editor.id === null && editor.open && (
            <FormGroup label={t('fields.numbers')} helperText={t('fields.numbersHint')}>
              <NumbersPicker taskId={null} onChange={setNumbers} initialSource="none" />
            </FormGroup>
          )}
          <FormGroup label={t('fields.push')}>
            <div className="cp-tasks-form">
              {group(
                'pushUrl',
                t('fields.pushUrl'),
                <InputGroup value={v.pushUrl} onChange={(e) => set('pushUrl', e.currentTarget.value)} />,
              )}
              <FormGroup label={t('fields.pushAccount')}>
                <InputGroup
                  value={v.pushAccount}
                  onChange={(e) => set('pushAccount', e.currentTarget.value)}
                />
              </FormGroup>
            </div>
            {group(
              'pushGrades',
              t('fields.pushGrades'),
              <Checks
                options={PUSH_GRADE_OPTIONS}
                value={v.pushGrades}
                label={(n) => t(`results:level.${n}`)}
                testId="task-push-grades"
                onChange={(x) => set('pushGrades', x)}
              />,
            )}
            <Switch
              label={t('fields.wechatPush')}
              checked={v.wechatPush}
              onChange={(e) => set('wechatPush', e.currentTarget.checked)}
            />
          </FormGroup>
        </div>
      </DialogBody>
      <DialogActions
        closeText={t('actions.cancel')}
        onClose={() => dispatch(A.editorClosed())}
        text={t('actions.save')}
        loading={editor.saving}
        testId="task-save"
        onClick={submit}
      />
    </Dialog>
  );
}
