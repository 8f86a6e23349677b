// 批量测试 / Batch test, under the training chat: upload a file of test conversations (one JSON object
// a line, domain/bot/gradeSet), graded on the saved draft; the summary and a row per line (expected,
// got, exact, reason, the bot's replies), a line that could not be graded in red.
import { Button, Callout, FileInput, H5, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GradeRow } from '../../../../../domain/bot/gradeSet';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { ListView } from '../../../ui/ListView';
import { useReasonText } from '../../../ui/reasonText';
import { saveBlob, stashFile } from '../../../ui/uploads';
import {
  BATCH_EXAMPLE_LINES,
  BATCH_EXAMPLE_NAME,
  BATCH_FILE_EXTENSIONS,
  batchExampleText,
} from '../model/batch';
import { selectBatch, selectEditor } from '../slice';
import { batchActions as B, type BatchError } from '../slice/batch';

/** What the call ended with: the letter, else the result code (70 …), else a dash. */
const got = (r: GradeRow): string => r.grade ?? (r.result !== null ? String(r.result) : '—');

function Row({ r }: { r: GradeRow }) {
  const { t } = useTranslation('bots');
  const reasonText = useReasonText();
  const failed = Boolean(r.error);
  return (
    <tr
      data-testid={`batch-row-${r.line}`}
      data-exact={r.exact === undefined ? '' : String(r.exact)}
      className={failed ? 'cp-bots-error' : undefined}
    >
      <td>{r.line}</td>
      <td>{r.expect ?? '—'}</td>
      <td data-testid={`batch-got-${r.line}`}>{failed ? '—' : got(r)}</td>
      <td>
        {r.exact === undefined ? (
          '—'
        ) : (
          <Tag
            minimal
            intent={r.exact ? Intent.SUCCESS : Intent.DANGER}
            aria-label={r.exact ? t('batch.exactYes') : t('batch.exactNo')}
          >
            {r.exact ? '✓' : '✗'}
          </Tag>
        )}
      </td>
      <td className={failed ? 'cp-bots-error' : 'cp-bots-reason'} data-testid={`batch-reason-${r.line}`}>
        {failed ? r.error : (reasonText(r.why) ?? r.reason)}
      </td>
      <td>
        {r.replies.length > 0 && (
          <details data-testid={`batch-replies-${r.line}`}>
            <summary>{t('batch.replies', { count: r.replies.length })}</summary>
            <ol>
              {r.replies.map((x, i) => (
                <li key={i}>{x}</li>
              ))}
            </ol>
          </details>
        )}
      </td>
    </tr>
  );
}

export function BatchTest({ botId }: { botId: number }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBatch);
  const dirty = useAppSelector(selectEditor).dirty;
  const [file, setFile] = useState<File | null>(null);
  const reply = s.botId === botId ? s.reply : null;
  const errorText = (e: BatchError) => ('text' in e ? e.text : t(e.key, e.vars ?? {}));
  const upload = () => {
    if (file) dispatch(B.uploadRequested({ botId, fileKey: stashFile(file), fileName: file.name }));
  };
  const example = () =>
    saveBlob(new Blob([batchExampleText()], { type: 'application/x-ndjson' }), BATCH_EXAMPLE_NAME);
  return (
    <div className="cp-bots-batch" data-testid="batch-test">
      <H5>{t('batch.title')}</H5>
      <Callout intent={Intent.NONE} title={t('batch.formatTitle')} data-testid="batch-format">
        <p>{t('batch.format')}</p>
        <p>{t('batch.turns')}</p>
        <div>{t('batch.example')}</div>
        <pre data-testid="batch-example-line">{JSON.stringify(BATCH_EXAMPLE_LINES[0])}</pre>
        <Button
          variant="minimal"
          icon="download"
          text={t('batch.download')}
          data-testid="batch-example"
          onClick={example}
        />
      </Callout>
      <div className="cp-bots-row cp-bots-gap">
        <FileInput
          text={file?.name ?? t('batch.choose')}
          buttonText={t('batch.browse')}
          hasSelection={file !== null}
          inputProps={{ accept: BATCH_FILE_EXTENSIONS.join(','), ...{ 'data-testid': 'batch-file' } }}
          onInputChange={(e) => setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null)}
        />
        <Button
          intent={Intent.PRIMARY}
          icon="upload"
          text={t('batch.upload')}
          data-testid="batch-upload"
          disabled={!file || s.uploading}
          loading={s.uploading}
          onClick={upload}
        />
        {dirty && <span className="cp-bots-muted">{t('training.saveFirst')}</span>}
      </div>
      <ErrorCallout error={s.error && s.botId === botId ? errorText(s.error) : null} testId="batch-error" />
      {reply && (
        <>
          <p data-testid="batch-summary" data-total={reply.summary.total} data-exact={reply.summary.exact}>
            {t('batch.summary', {
              total: reply.summary.total,
              scored: reply.rows.filter((r) => r.exact !== undefined).length,
              exact: reply.summary.exact,
              accuracy: (reply.summary.accuracy * 100).toFixed(1),
            })}
            {s.fileName && <span className="cp-bots-muted"> · {s.fileName}</span>}
          </p>
          <ListView
            waiting={false}
            empty={reply.rows.length === 0}
            emptyIcon="th"
            emptyText={t('batch.noRows')}
            emptyTestId="batch-empty"
          >
            <DataTable
              className="cp-bots-table"
              testId="batch-table"
              pinFirst
              columns={[
                t('batch.column.line'),
                t('batch.column.expected'),
                t('batch.column.got'),
                t('batch.column.exact'),
                t('batch.column.reason'),
                t('batch.column.replies'),
              ]}
            >
              {reply.rows.map((r) => (
                <Row key={r.line} r={r} />
              ))}
            </DataTable>
          </ListView>
        </>
      )}
    </div>
  );
}
