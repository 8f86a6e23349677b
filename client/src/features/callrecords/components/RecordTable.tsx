// The call records table: selection, focus, every SPEC §3 field of a record, and "open" (the drawer).
// The selection box and the open button stay pinned at the sides; a click on a row opens it too; the
// user picks which middle columns show and the density (kept per browser).
import { Button, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallRecordRow } from '../../../../../domain/callRecords';
import { formatDateTime } from '../../../../../domain/format';
import { DataTable } from '../../../ui/DataTable';
import { FocusStar, SelectAllBox, SelectBox } from '../../../ui/selectionCells';
import { TablePrefsBar } from '../../../ui/TableTools';
import { useTablePrefs } from '../../../ui/tablePrefs';
import { OutcomeTag } from '../../../ui/OutcomeTag';

export const seconds = (ms: number): string => `${Math.round(ms / 1000)}s`;

type Col = [key: string, cell: (r: CallRecordRow) => ReactNode];

/** Columns the chooser hides by default (still one click away). */
const DEFAULT_HIDDEN = ['callId', 'account', 'line'];

export function RecordTable(p: {
  items: CallRecordRow[];
  selected: number[];
  onToggle(id: number): void;
  onToggleAll(all: boolean): void;
  onOpen(uuid: string): void;
  onFocus(uuid: string, focus: boolean): void;
}) {
  const { t } = useTranslation('callrecords');
  const middle: Col[] = [
    [
      'focus',
      (r) => (
        <FocusStar
          id={r.id}
          focus={r.focus}
          labelOn={t('focusOn')}
          labelOff={t('focusOff')}
          onToggle={() => p.onFocus(r.callUuid, !r.focus)}
        />
      ),
    ],
    ['time', (r) => <span className={Classes.TEXT_MUTED}>{formatDateTime(r.createdAt)}</span>],
    ['phone', (r) => (r.read ? r.phone : <strong>{r.phone}</strong>)],
    ['name', (r) => r.name || '—'],
    ['grade', (r) => <OutcomeTag code={r.gradeCode} callStatus={r.callStatus} testId={`grade-${r.id}`} />],
    ['talk', (r) => seconds(r.talkMs)],
    ['stage', (r) => (r.stage === null ? '—' : t(`crm:stage.${r.stage}`))],
    ['intention', (r) => r.intentionLabel || '—'],
    ['score', (r) => r.score ?? '—'],
    ['llmGrade', (r) => r.llmGrade ?? '—'],
    ['labels', (r) => (r.labels.length ? r.labels.join(t('labelSep')) : '—')],
    ['callStatus', (r) => t(`results:status.${r.callStatus}`)],
    ['ring', (r) => seconds(r.ringMs)],
    ['total', (r) => seconds(r.totalMs)],
    ['read', (r) => <span data-testid={`read-${r.id}`}>{r.read ? t('yes') : t('no')}</span>],
    ['task', (r) => r.taskName ?? '—'],
    ['bot', (r) => r.botName ?? '—'],
    ['line', (r) => r.lineName ?? '—'],
    ['account', (r) => r.account],
    [
      'callId',
      (r) => (
        <span className={Classes.TEXT_MUTED} title={r.callUuid}>
          {r.callUuid.slice(0, 8)}
        </span>
      ),
    ],
  ];
  const keys = middle.map(([k]) => k);
  const { prefs, save } = useTablePrefs('callrecords', keys, { hidden: DEFAULT_HIDDEN, density: 'compact' });
  const shown = middle.filter(([k]) => !prefs.hidden.includes(k));

  return (
    <>
      <TablePrefsBar
        testId="record-table"
        columns={middle.map(([k]) => ({ key: k, title: t(`columns.${k}`) }))}
        prefs={prefs}
        save={save}
      />
      <DataTable
        className="cp-crm-table"
        testId="record-table"
        pinFirst
        pinLast
        density={prefs.density}
        onRowClick={(uuid) => p.onOpen(uuid)}
        columns={[
          <SelectAllBox
            key="select"
            label={t('columns.select')}
            count={p.items.length}
            selected={p.selected.length}
            onToggleAll={p.onToggleAll}
          />,
          ...shown.map(([k]) => t(`columns.${k}`)),
          t('columns.actions'),
        ]}
      >
        {p.items.map((r) => (
          <tr
            key={r.id}
            tabIndex={0}
            data-testid={`record-row-${r.id}`}
            data-uuid={r.callUuid}
            data-row-key={r.callUuid}
            className={p.selected.includes(r.id) ? 'cp-dt-selected' : undefined}
          >
            <td>
              <SelectBox
                id={r.id}
                label={t('columns.select')}
                checked={p.selected.includes(r.id)}
                onToggle={() => p.onToggle(r.id)}
              />
            </td>
            {shown.map(([k, cell]) => (
              <td key={k}>{cell(r)}</td>
            ))}
            <td>
              <Button
                variant="minimal"
                size="small"
                icon="document-open"
                text={t('open')}
                data-testid={`open-${r.id}`}
                onClick={() => p.onOpen(r.callUuid)}
              />
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
