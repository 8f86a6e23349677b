// The import guide shared by the customer import and a task's numbers: the columns the import reads
// (from domain importFields, the list the parser and the template use), the template to download
// (xlsx or csv, headers in the current language), and a preview of the chosen file's first rows as the
// import's own parser reads them, the detected phone column highlighted.
import { Button, Callout, Classes, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { importFields, type ImportKind } from '../../../../../domain/importPreview';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { stashFile } from '../../../ui/uploads';
import { selectImportGuide } from '../slice';
import { importGuideActions as G, type GuidePreview } from '../slice/importGuide';

/** The preview of the chosen file (or why it cannot be imported). */
function Preview({ g }: { g: GuidePreview }) {
  const { t } = useTranslation('crm');
  if (g.pending)
    return (
      <div className="cp-crm-bar" data-testid="import-preview-pending">
        <Spinner size={16} />
        <span>{t('guide.previewLoading')}</span>
      </div>
    );
  if (g.error)
    return (
      <Callout intent={Intent.DANGER} data-testid="import-preview-error">
        {t('guide.previewFailed', { reason: g.error })}
      </Callout>
    );
  const p = g.preview;
  if (!p) return null;
  const phone = p.columns[p.phoneColumn];
  const title = (i: number) => {
    const c = p.columns[i]!;
    const field = t(`guide.field.${c.field}`);
    return c.header && c.header !== field ? `${c.header} → ${field}` : field;
  };
  return (
    <div data-testid="import-preview" data-phone-column={phone?.index ?? ''}>
      <div className="cp-crm-bar">
        <strong>{t('guide.preview', { count: p.rows.length })}</strong>
        <Tag intent={Intent.PRIMARY} data-testid="import-preview-phone">
          {p.hasHeader
            ? t('guide.phoneDetected', { header: phone?.header ?? '' })
            : t('guide.phoneDetectedNoHeader')}
        </Tag>
      </div>
      {p.rows.length === 0 ? (
        <Callout intent={Intent.WARNING} data-testid="import-preview-empty">
          {t('guide.noRows')}
        </Callout>
      ) : (
        <DataTable
          className="cp-crm-table cp-import-preview"
          testId="import-preview-table"
          columns={[
            t('guide.rowNo'),
            ...p.columns.map((c, i) =>
              i === p.phoneColumn ? (
                <span className="cp-import-phone" data-testid="import-preview-phone-col">
                  {title(i)}{' '}
                  <Tag minimal intent={Intent.PRIMARY}>
                    {t('guide.phoneColumn')}
                  </Tag>
                </span>
              ) : (
                title(i)
              ),
            ),
          ]}
        >
          {p.rows.map((r) => (
            <tr key={r.rowNo} data-testid={`import-preview-row-${r.rowNo}`}>
              <td className={Classes.TEXT_MUTED}>{r.rowNo}</td>
              {r.cells.map((cell, i) => (
                <td
                  key={i}
                  className={i === p.phoneColumn ? 'cp-import-phone' : undefined}
                  data-phone={i === p.phoneColumn ? 'yes' : undefined}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      )}
      {p.more && <small className={Classes.TEXT_MUTED}>{t('guide.more', { count: p.rows.length })}</small>}
      {p.ignored.length > 0 && (
        <div className={Classes.TEXT_MUTED} data-testid="import-preview-ignored">
          {t('guide.ignored', { list: p.ignored.join('、') })}
        </div>
      )}
    </div>
  );
}

export function ImportGuide({ kind, file }: { kind: ImportKind; file: File | null }) {
  const { t } = useTranslation('crm');
  const dispatch = useAppDispatch();
  const g = useAppSelector(selectImportGuide)[kind];

  // Every new choice of file is previewed; no file, no preview.
  useEffect(() => {
    if (file) dispatch(G.previewRequested({ kind, fileKey: stashFile(file), fileName: file.name }));
    else dispatch(G.previewCleared(kind));
  }, [dispatch, kind, file]);

  const optional = importFields(kind)
    .filter((f) => f !== 'phone')
    .map((f) => t(`guide.field.${f}`))
    .join('、');
  return (
    <div className="cp-import-guide" data-testid={`import-guide-${kind}`}>
      <div className={Classes.TEXT_MUTED} data-testid="import-columns">
        {t(kind === 'numbers' ? 'guide.columnsNumbers' : 'guide.columnsCustomers', { optional })}
      </div>
      <div className="cp-crm-bar">
        <span>{t('guide.template')}</span>
        <Button
          size="small"
          icon="download"
          text={t('guide.templateXlsx')}
          data-testid="import-template-xlsx"
          onClick={() => dispatch(G.templateRequested({ kind, format: 'xlsx' }))}
        />
        <Button
          size="small"
          icon="download"
          text={t('guide.templateCsv')}
          data-testid="import-template-csv"
          onClick={() => dispatch(G.templateRequested({ kind, format: 'csv' }))}
        />
      </div>
      {file && <Preview g={g} />}
    </div>
  );
}
