// The numbers step of the task dialog and the drawer (SPEC §2 AI tasks): my customers picked by the
// customer list's filters (grade, stage, tag, import batch, never called, name), a txt/csv/xls/xlsx
// file, or a pasted list; and the count preview the server makes with the add's own classification
// (to add, duplicates, blacklisted, invalid, already in the task). A file comes with the import guide:
// the template to fill in and a preview of its first rows with the phone column the upload reads.
import {
  Button,
  Callout,
  Checkbox,
  Classes,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAGES } from '../../../../../domain/crm';
import { PUSH_GRADE_OPTIONS, type AddSkipReason, type CustomerPick } from '../../../../../domain/tasks';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ImportGuide } from '../../crm/components/ImportGuide';
import { selectTasks, tasksActions as A, type AddNumbersRequest } from '../slice';

/** 'none': numbers later (the dialog's choice; a task without numbers cannot start). */
type Source = AddNumbersRequest['source'] | 'none';

/** The request the picker's fields make, or null while nothing is chosen. */
export function requestOf(
  source: Source,
  text: string,
  file: File | null,
  pick: CustomerPick,
): AddNumbersRequest | null {
  if (source === 'text') return text.trim() ? { source, text } : null;
  if (source === 'file') return file ? { source, file } : null;
  if (source === 'none') return null;
  return { source, filter: pick };
}

const SKIPS: AddSkipReason[] = ['duplicate', 'blacklisted', 'invalid', 'exists'];

function Preview() {
  const { t } = useTranslation('tasks');
  const p = useAppSelector(selectTasks).preview;
  if (p.error)
    return (
      <Callout intent={Intent.DANGER} data-testid="numbers-preview-error">
        {p.error}
      </Callout>
    );
  const r = p.reply;
  if (!r) return null;
  return (
    <Callout intent={r.toAdd > 0 ? Intent.PRIMARY : Intent.WARNING} data-testid="numbers-preview">
      <div data-testid="numbers-preview-add">{t('picker.toAdd', { count: r.toAdd })}</div>
      {SKIPS.filter((k) => r.skipped[k] > 0).map((k) => (
        <div key={k} data-testid={`numbers-preview-${k}`}>
          {t(`detail.skipped.${k}`, { count: r.skipped[k] })}
        </div>
      ))}
      {r.invalidSamples.length > 0 && (
        <div>{t('detail.invalidSamples', { list: r.invalidSamples.join(', ') })}</div>
      )}
    </Callout>
  );
}

function CustomerFilters(p: { value: CustomerPick; onChange(v: CustomerPick): void }) {
  const { t } = useTranslation(['tasks', 'crm']);
  const sources = useAppSelector(selectTasks).sources;
  const v = p.value;
  const num = (s: string) => (s === '' ? undefined : Number(s));
  return (
    <div className="cp-tasks-picker" data-testid="numbers-customers">
      <InputGroup
        placeholder={t('picker.name')}
        value={v.name ?? ''}
        data-testid="pick-name"
        onChange={(e) => p.onChange({ ...v, name: e.currentTarget.value || undefined })}
      />
      <HTMLSelect
        aria-label={t('picker.grade')}
        value={v.grade ?? ''}
        data-testid="pick-grade"
        onChange={(e) => p.onChange({ ...v, grade: num(e.currentTarget.value) })}
      >
        <option value="">{t('picker.anyGrade')}</option>
        {PUSH_GRADE_OPTIONS.map((g) => (
          <option key={g} value={g}>
            {t(`results:level.${g}`)}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label={t('picker.stage')}
        value={v.stage ?? ''}
        data-testid="pick-stage"
        onChange={(e) => p.onChange({ ...v, stage: num(e.currentTarget.value) })}
      >
        <option value="">{t('picker.anyStage')}</option>
        {STAGES.map((st) => (
          <option key={st} value={st}>
            {t(`crm:stage.${st}`)}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label={t('picker.tag')}
        value={v.tagId?.[0] ?? ''}
        data-testid="pick-tag"
        onChange={(e) => {
          const id = num(e.currentTarget.value);
          p.onChange({ ...v, tagId: id === undefined ? undefined : [id] });
        }}
      >
        <option value="">{t('picker.anyTag')}</option>
        {(sources?.tags ?? []).map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label={t('picker.batch')}
        value={v.importJobId ?? ''}
        data-testid="pick-batch"
        onChange={(e) => p.onChange({ ...v, importJobId: num(e.currentTarget.value) })}
      >
        <option value="">{t('picker.anyBatch')}</option>
        {(sources?.imports ?? []).map((x) => (
          <option key={x.id} value={x.id}>
            {t('picker.batchItem', { name: x.fileName, at: x.createdAt.slice(0, 10), count: x.imported })}
          </option>
        ))}
      </HTMLSelect>
      <Checkbox
        inline
        label={t('picker.neverCalled')}
        checked={v.neverCalled ?? false}
        data-testid="pick-never-called"
        onChange={(e) => p.onChange({ ...v, neverCalled: e.currentTarget.checked || undefined })}
      />
    </div>
  );
}

/**
 * The picker. `taskId` null: numbers for a task about to be created (the preview cannot count those
 * already in it). `onChange` hands the parent the request to send, or null.
 */
export function NumbersPicker(p: {
  taskId: number | null;
  onChange(r: AddNumbersRequest | null): void;
  /** Start with this source; 'none' also offers "numbers later" (the new-task dialog). */
  initialSource?: Source;
}) {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const preview = useAppSelector(selectTasks).preview;
  const [source, setSource] = useState<Source>(p.initialSource ?? 'customers');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [pick, setPick] = useState<CustomerPick>({});
  const request = requestOf(source, text, file, pick);
  const { onChange } = p;

  useEffect(() => {
    dispatch(A.sourcesRequested());
  }, [dispatch]);
  // Every change of the choice makes the last preview stale.
  useEffect(() => {
    onChange(request);
    dispatch(A.previewCleared());
    // `request` is rebuilt from these on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, text, file, pick]);

  return (
    <div data-testid="numbers-picker">
      <RadioGroup inline selectedValue={source} onChange={(e) => setSource(e.currentTarget.value as Source)}>
        {p.initialSource === 'none' && (
          <Radio value="none" label={t('picker.later')} data-testid="numbers-source-none" />
        )}
        <Radio value="customers" label={t('picker.fromCustomers')} data-testid="numbers-source-customers" />
        <Radio value="file" label={t('picker.fromFile')} data-testid="numbers-source-file" />
        <Radio value="text" label={t('picker.fromText')} data-testid="numbers-source-text" />
      </RadioGroup>
      {source === 'customers' && <CustomerFilters value={pick} onChange={setPick} />}
      {source === 'file' && (
        <FormGroup helperText={t('picker.fileHint')}>
          <FileInput
            text={file?.name ?? t('actions.upload')}
            buttonText={t('crm:imports.browse')}
            hasSelection={file !== null}
            inputProps={
              {
                accept: '.txt,.csv,.xls,.xlsx',
                'data-testid': 'numbers-upload',
              } as React.InputHTMLAttributes<HTMLInputElement>
            }
            onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </FormGroup>
      )}
      {source === 'file' && <ImportGuide kind="numbers" file={file} />}
      {source === 'text' && (
        <TextArea
          fill
          rows={4}
          value={text}
          placeholder={t('detail.pastePlaceholder')}
          data-testid="numbers-paste"
          onChange={(e) => setText(e.currentTarget.value)}
        />
      )}
      {source === 'none' ? (
        <p className={Classes.TEXT_MUTED}>{t('picker.laterHint')}</p>
      ) : (
        <div className="cp-tasks-bar">
          <Button
            icon="eye-open"
            text={t('picker.preview')}
            loading={preview.pending}
            disabled={request === null}
            data-testid="numbers-preview-button"
            onClick={() => request && dispatch(A.previewRequested({ taskId: p.taskId, numbers: request }))}
          />
        </div>
      )}
      <Preview />
    </div>
  );
}
