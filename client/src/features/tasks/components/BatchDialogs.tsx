// The batch page's dialogs: confirm a start/pause/stop of the chosen tasks, new call periods (the task
// form's period rows and rules), a number file for every chosen task, and the result of the last
// batch: each task moved / changed or refused with its reason.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLTable,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_BATCH_IMPORT_MAX, periodProblems, type TaskBatchItem } from '../../../../../domain/taskBatch';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { FormDialog } from '../../../ui/FormDialog';
import { stashFile } from '../../../ui/uploads';
import { selectTaskBatch, taskBatchActions as A, type BatchResult } from '../batchSlice';
import { StatusTag } from './StatusTags';
import { PeriodRows } from './TaskDialog';

/** "3 selected tasks" or "all 12 filtered tasks": what the dialog's batch acts on. */
export function useScopeText(count: number, filtered: boolean): string {
  const { t } = useTranslation('tasks');
  return t(filtered ? 'batch.scope.filtered' : 'batch.scope.selected', { count });
}

export function BatchMoveDialog(p: { scopeText: string }) {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTaskBatch);
  const action = s.dialog?.kind === 'move' ? s.dialog.action : null;
  return (
    <Dialog
      isOpen={action !== null}
      title={action ? t(`batch.move.${action}.title`) : ''}
      onClose={() => dispatch(A.dialogClosed())}
    >
      <DialogBody>
        <p data-testid="batch-move-body">
          {action ? t(`batch.move.${action}.body`, { scope: p.scopeText }) : ''}
        </p>
        <ErrorCallout error={s.formError} testId="batch-move-error" />
      </DialogBody>
      <DialogActions
        closeText={t('actions.cancel')}
        onClose={() => dispatch(A.dialogClosed())}
        text={action ? t(`actions.${action}`) : ''}
        testId="batch-move-ok"
        loading={s.saving}
        onClick={() => dispatch(A.moveRequested())}
      />
    </Dialog>
  );
}

export function BatchPeriodsDialog(p: { scopeText: string }) {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTaskBatch);
  const open = s.dialog?.kind === 'periods';
  const [callPeriods, setCall] = useState<string[]>(['09:00-12:00', '14:00-18:00']);
  const [noCallPeriods, setNoCall] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) setTouched(false);
  }, [open]);
  const problems = periodProblems(callPeriods, noCallPeriods);
  const errorOf = (f: 'callPeriods' | 'noCallPeriods') => {
    const problem = problems[f];
    if (touched && problem) return t(`problems.${problem}`);
    return s.fieldErrors[f] ?? null;
  };
  const group = (
    f: 'callPeriods' | 'noCallPeriods',
    rows: string[],
    set: (v: string[]) => void,
    testId: string,
  ) => {
    const err = errorOf(f);
    return (
      <FormGroup
        label={t(`fields.${f}`)}
        intent={err ? Intent.DANGER : Intent.NONE}
        helperText={err}
        data-testid={`batch-field-${f}`}
      >
        <PeriodRows value={rows} testId={testId} onChange={set} />
      </FormGroup>
    );
  };
  return (
    <FormDialog
      isOpen={open}
      title={t('batch.periods.title')}
      icon="time"
      testId="batch-periods"
      saving={s.saving}
      formError={s.formError}
      onClose={() => dispatch(A.dialogClosed())}
      onSubmit={() => {
        setTouched(true);
        if (Object.keys(problems).length === 0) dispatch(A.periodsRequested({ callPeriods, noCallPeriods }));
      }}
    >
      <p style={{ gridColumn: '1 / -1' }}>{t('batch.periods.body', { scope: p.scopeText })}</p>
      {group('callPeriods', callPeriods, setCall, 'batch-periods-call')}
      {group('noCallPeriods', noCallPeriods, setNoCall, 'batch-periods-nocall')}
    </FormDialog>
  );
}

export function BatchNumbersDialog(p: { scopeText: string; count: number }) {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTaskBatch);
  const open = s.dialog?.kind === 'numbers';
  const [file, setFile] = useState<File | null>(null);
  useEffect(() => {
    if (open) setFile(null);
  }, [open]);
  const tooMany = p.count > TASK_BATCH_IMPORT_MAX;
  return (
    <FormDialog
      isOpen={open}
      title={t('batch.numbers.title')}
      icon="import"
      testId="batch-numbers"
      saving={s.saving}
      formError={s.formError}
      onClose={() => dispatch(A.dialogClosed())}
      onSubmit={() => {
        if (file && !tooMany) dispatch(A.numbersRequested({ fileKey: stashFile(file) }));
      }}
    >
      <div style={{ gridColumn: '1 / -1' }}>
        <p>{t('batch.numbers.body', { scope: p.scopeText })}</p>
        {tooMany && (
          <Callout intent={Intent.WARNING} data-testid="batch-numbers-too-many">
            {t('batch.tooMany', { max: TASK_BATCH_IMPORT_MAX })}
          </Callout>
        )}
        <FormGroup helperText={t('picker.fileHint')} label={t('picker.fromFile')}>
          <FileInput
            text={file?.name ?? t('actions.upload')}
            buttonText={t('crm:imports.browse')}
            hasSelection={file !== null}
            inputProps={
              {
                accept: '.txt,.csv,.xls,.xlsx',
                'data-testid': 'batch-numbers-file',
              } as React.InputHTMLAttributes<HTMLInputElement>
            }
            onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </FormGroup>
      </div>
    </FormDialog>
  );
}

function titleOf(r: BatchResult): string {
  if (r.kind === 'move') return `batch.move.${r.action}.title`;
  return `batch.${r.kind}.title`;
}

function Outcome({ item, result }: { item: TaskBatchItem; result: BatchResult }) {
  const { t } = useTranslation('tasks');
  if (!item.done)
    return (
      <span data-testid={`batch-outcome-${item.name}`} data-done="no">
        <Tag minimal intent={Intent.WARNING}>
          {t('batch.result.refused')}
        </Tag>
        <span className="cp-tasks-reason" data-testid={`batch-reason-${item.name}`}>
          {t(`reasons.${item.reason}`)}
        </span>
      </span>
    );
  const numbers = result.kind === 'numbers' ? result.reply.items.find((x) => x.id === item.id) : undefined;
  return (
    <span data-testid={`batch-outcome-${item.name}`} data-done="yes">
      <Tag minimal intent={Intent.SUCCESS}>
        {t(result.kind === 'move' ? 'batch.result.moved' : 'batch.result.changed')}
      </Tag>
      {numbers && (
        <>
          {' '}
          {t('batch.result.added', { count: numbers.added })}
          {numbers.skipped.exists > 0 &&
            ` · ${t('detail.skipped.exists', { count: numbers.skipped.exists })}`}
          {numbers.skipped.blacklisted > 0 &&
            ` · ${t('detail.skipped.blacklisted', { count: numbers.skipped.blacklisted })}`}
        </>
      )}
    </span>
  );
}

export function BatchResultDialog() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const r = useAppSelector(selectTaskBatch).result;
  const close = () => dispatch(A.resultClosed());
  return (
    <Dialog isOpen={r !== null} title={r ? t(titleOf(r)) : ''} onClose={close} style={{ width: 680 }}>
      {r && (
        <DialogBody>
          <Callout
            intent={r.reply.refused ? Intent.WARNING : Intent.SUCCESS}
            data-testid="batch-result-summary"
          >
            {t('batch.result.summary', { done: r.reply.done, refused: r.reply.refused })}
            {r.kind === 'numbers' && (
              <div>
                {t('batch.result.lines', { count: r.reply.lines })}
                {r.reply.invalidSamples.length > 0 &&
                  ` ${t('detail.invalidSamples', { list: r.reply.invalidSamples.join(', ') })}`}
              </div>
            )}
          </Callout>
          <HTMLTable compact className="cp-tasks-table" data-testid="batch-result">
            <thead>
              <tr>
                <th>{t('columns.name')}</th>
                <th>{t('batch.result.outcome')}</th>
                <th>{t('columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {r.reply.items.map((item) => (
                <tr key={item.id}>
                  <td>{item.name}</td>
                  <td>
                    <Outcome item={item} result={r} />
                  </td>
                  <td>
                    <StatusTag status={item.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </DialogBody>
      )}
      <DialogFooter
        actions={
          <Button
            intent={Intent.PRIMARY}
            text={t('actions.close')}
            data-testid="batch-result-close"
            onClick={close}
          />
        }
      />
    </Dialog>
  );
}
