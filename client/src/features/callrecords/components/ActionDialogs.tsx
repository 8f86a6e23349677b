// The batch dialogs of the call records: move to the customer center, allocate to subordinates (SPEC §4
// modes), repeat dial into a task, and export behind the export password. Each works on the selected
// rows, else on every record matching the filter, and shows the server's answer.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  Intent,
  type IconName,
} from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AllocationFields, useAllocationForm } from '../../../ui/AllocationFields';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { ExportPasswordField, useExportPassword } from '../../../ui/ExportPassword';
import { callRecordsActions as A, selectCallRecords, type RecordDialog } from '../slice';

function useScopeText(): string {
  const { t } = useTranslation('callrecords');
  const s = useAppSelector(selectCallRecords);
  return s.allFiltered
    ? t('scope.filter', { count: s.filteredTotal ?? 0 })
    : t('scope.selected', { count: s.selected.length });
}

function Result() {
  const { t } = useTranslation('callrecords');
  const r = useAppSelector(selectCallRecords).result;
  if (!r) return null;
  const text =
    r.kind === 'move'
      ? t('result.move', { ...r.reply })
      : r.kind === 'repeat'
        ? t('result.repeat', { added: r.reply.added, ...r.reply.skipped })
        : r.kind === 'allocate'
          ? t('result.allocate', { count: r.count })
          : t('result.delete', { count: r.deleted });
  return (
    <Callout intent={Intent.SUCCESS} data-testid="action-result">
      {text}
    </Callout>
  );
}

/** The shell of a batch dialog: its body (test id `<testId>`) and the close/submit footer. */
function ActionDialog(p: {
  kind: RecordDialog;
  title: string;
  icon: IconName;
  testId: string;
  submitText: string;
  submitTestId: string;
  submitIcon?: IconName;
  disabled?: boolean;
  onSubmit(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCallRecords);
  const close = () => dispatch(A.dialogClosed());
  return (
    <Dialog isOpen={s.dialog === p.kind} onClose={close} title={p.title} icon={p.icon}>
      <DialogBody>
        <div data-testid={p.testId}>{p.children}</div>
      </DialogBody>
      <DialogActions
        closeText={t('actions.close')}
        onClose={close}
        icon={p.submitIcon}
        loading={s.saving}
        disabled={p.disabled}
        text={p.submitText}
        testId={p.submitTestId}
        onClick={p.onSubmit}
      />
    </Dialog>
  );
}

export function MoveDialog() {
  const { t } = useTranslation('callrecords');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCallRecords);
  const scope = useScopeText();
  return (
    <ActionDialog
      kind="move"
      title={t('move.title')}
      icon="people"
      testId="move-dialog"
      disabled={s.result !== null}
      submitText={t('move.submit')}
      submitTestId="move-submit"
      onSubmit={() => dispatch(A.moveRequested())}
    >
      <p>{scope}</p>
      <p>{t('move.help')}</p>
      <ErrorCallout error={s.formError} testId="move-error" />
      <Result />
    </ActionDialog>
  );
}

export function AllocateDialog() {
  const { t } = useTranslation('callrecords');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCallRecords);
  const scope = useScopeText();
  const open = s.dialog === 'allocate';
  const form = useAllocationForm(open, 1);
  const { mode, targets, quantities } = form;
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) setProblem(null);
  }, [open]);
  const submit = () => {
    if (mode !== 0 && targets.length === 0) return setProblem(t('allocate.needTargets'));
    if (mode === 2 && targets.some((id) => !/^\d{1,6}$/.test(quantities[id] ?? '')))
      return setProblem(t('allocate.needQuantities'));
    setProblem(null);
    dispatch(A.allocateRequested(form.request()));
  };
  return (
    <ActionDialog
      kind="allocate"
      title={t('allocate.title')}
      icon="flows"
      testId="allocate-dialog"
      submitText={t('allocate.submit')}
      submitTestId="allocate-submit"
      onSubmit={submit}
    >
      <p>{scope}</p>
      <AllocationFields ns="callrecords" form={form} accounts={s.options.accounts} />
      <ErrorCallout error={problem ?? s.formError} testId="allocate-error" />
      <Result />
    </ActionDialog>
  );
}

export function RepeatDialDialog() {
  const { t } = useTranslation('callrecords');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCallRecords);
  const scope = useScopeText();
  const open = s.dialog === 'repeat';
  const [taskId, setTaskId] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) setMissing(false);
  }, [open]);
  const tasks = s.options.tasks.filter((x) => x.status !== 100);
  return (
    <ActionDialog
      kind="repeat"
      title={t('repeat.title')}
      icon="repeat"
      testId="repeat-dialog"
      submitText={t('repeat.submit')}
      submitTestId="repeat-submit"
      onSubmit={() => {
        setMissing(taskId === '');
        if (taskId !== '') dispatch(A.repeatRequested({ taskId: Number(taskId) }));
      }}
    >
      <p>{scope}</p>
      <FormGroup
        label={t('repeat.task')}
        labelFor="repeat-task"
        intent={missing ? Intent.DANGER : Intent.NONE}
        helperText={missing ? t('repeat.needTask') : t('repeat.help')}
      >
        <HTMLSelect
          id="repeat-task"
          data-testid="repeat-task"
          value={taskId}
          onChange={(e) => setTaskId(e.currentTarget.value)}
        >
          <option value="">{t('repeat.choose')}</option>
          {tasks.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {tasks.length === 0 && <p>{t('repeat.noTasks')}</p>}
      <ErrorCallout error={s.formError} testId="repeat-error" />
      <Result />
    </ActionDialog>
  );
}

export function ExportDialog() {
  const { t } = useTranslation('callrecords');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCallRecords);
  const scope = useScopeText();
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const { password, setPassword, missing, check } = useExportPassword(s.dialog === 'export');
  const job = s.exportJob;
  return (
    <ActionDialog
      kind="export"
      title={t('export.title')}
      icon="export"
      testId="record-export-dialog"
      submitIcon="export"
      submitText={t('export.start')}
      submitTestId="record-export-start"
      onSubmit={() => {
        if (check()) dispatch(A.exportRequested({ format, password }));
      }}
    >
      <FormGroup label={t('export.format')} labelFor="record-export-format">
        <HTMLSelect
          id="record-export-format"
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as 'xlsx' | 'csv')}
        >
          <option value="xlsx">xlsx</option>
          <option value="csv">csv</option>
        </HTMLSelect>
      </FormGroup>
      <p>{scope}</p>
      <ExportPasswordField
        id="record-export-password"
        label={t('export.password')}
        helper={t('export.passwordHint')}
        value={password}
        error={missing ? t('export.required') : s.fieldErrors.password}
        onChange={setPassword}
      />
      {!s.fieldErrors.password && <ErrorCallout error={s.formError} testId="record-export-error" />}
      {job && (
        <Callout
          intent={job.status === 'failed' ? Intent.DANGER : Intent.PRIMARY}
          data-testid="record-export-status"
        >
          {t(`export.status.${job.status}`, { rows: job.rows })}
          {(job.status === 'queued' || job.status === 'running') && (
            <Button
              className="cp-cr-inline"
              size="small"
              icon="refresh"
              text={t('export.refresh')}
              data-testid="record-export-refresh"
              onClick={() => dispatch(A.exportRefreshRequested())}
            />
          )}
          {job.status === 'done' && (
            <Button
              className="cp-cr-inline"
              size="small"
              icon="download"
              text={t('export.download')}
              data-testid="record-export-download"
              onClick={() => dispatch(A.exportDownloadRequested(job))}
            />
          )}
        </Callout>
      )}
    </ActionDialog>
  );
}
