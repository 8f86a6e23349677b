// The customer table on the shared DataTable: row boxes, focus, name (opens the drawer, as a click on
// the row does), masked phone, stage, grade, last call and call count (the calls' results), tags and
// edit. The boxes and the edit button stay pinned at the sides; the user picks which middle columns
// show and the density (kept per browser).
import { Button, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerDto, TagDto } from '../../../../../domain/crm';
import { formatDateTime } from '../../../../../domain/format';
import { DataTable } from '../../../ui/DataTable';
import { GradeTag } from '../../../ui/GradeTag';
import { FocusStar, SelectAllBox, SelectBox } from '../../../ui/selectionCells';
import { TablePrefsBar } from '../../../ui/TableTools';
import { useTablePrefs } from '../../../ui/tablePrefs';
import { phoneText, stageKey } from '../labels';
import { TagList } from './TagList';

export interface CustomerTableProps {
  items: CustomerDto[];
  tags: TagDto[];
  selected: number[];
  onToggle(id: number): void;
  onToggleAll(all: boolean): void;
  onOpen(id: number): void;
  onEdit(c: CustomerDto): void;
  onFocus(id: number, focus: boolean): void;
}

/** A middle column: its key (title `columns.<key>`), its cell, and the cell's test id and title. */
interface Col {
  key: string;
  cell(c: CustomerDto): ReactNode;
  testId?(c: CustomerDto): string;
  muted?: boolean;
  title?(c: CustomerDto): string | undefined;
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

export function CustomerTable(p: CustomerTableProps) {
  const { t } = useTranslation('crm');
  const middle: Col[] = [
    {
      key: 'focus',
      cell: (c) => (
        <FocusStar
          id={c.id}
          focus={c.focus}
          labelOn={t('customers.focusOn')}
          labelOff={t('customers.focusOff')}
          onToggle={() => p.onFocus(c.id, !c.focus)}
        />
      ),
    },
    {
      key: 'name',
      cell: (c) => (
        <a role="button" data-testid={`open-${c.id}`} onClick={() => p.onOpen(c.id)}>
          {c.read ? c.name : <strong>{c.name}</strong>}
        </a>
      ),
    },
    {
      key: 'phone',
      cell: (c) => phoneText(c.phone, c.phoneHidden),
      title: (c) => (c.phoneHidden ? t('customers.hiddenPhone') : undefined),
    },
    { key: 'stage', cell: (c) => t(stageKey(c.stage)), testId: (c) => `stage-${c.id}` },
    {
      key: 'grade',
      cell: (c) => (c.grade === null ? '—' : <GradeTag code={c.grade} testId={`grade-tag-${c.id}`} />),
      testId: (c) => `grade-${c.id}`,
    },
    {
      key: 'lastCalled',
      cell: (c) => when(c.lastCalledAt),
      testId: (c) => `last-called-${c.id}`,
      muted: true,
    },
    { key: 'callCount', cell: (c) => c.callCount, testId: (c) => `call-count-${c.id}` },
    { key: 'tags', cell: (c) => <TagList ids={c.tagIds} tags={p.tags} />, testId: (c) => `tags-${c.id}` },
    { key: 'source', cell: (c) => c.source },
    { key: 'lastFollowUp', cell: (c) => when(c.lastFollowUpAt), muted: true },
    { key: 'createdAt', cell: (c) => formatDateTime(c.createdAt), muted: true },
  ];
  const { prefs, save } = useTablePrefs(
    'customers',
    middle.map((c) => c.key),
    { hidden: [], density: 'compact' },
  );
  const shown = middle.filter((c) => !prefs.hidden.includes(c.key));

  return (
    <>
      <TablePrefsBar
        testId="customer-table"
        columns={middle.map((c) => ({ key: c.key, title: t(`columns.${c.key}`) }))}
        prefs={prefs}
        save={save}
      />
      <DataTable
        className="cp-crm-table"
        testId="customer-table"
        pinFirst
        pinLast
        density={prefs.density}
        onRowClick={(id) => p.onOpen(Number(id))}
        columns={[
          <SelectAllBox
            key="select"
            label={t('columns.select')}
            count={p.items.length}
            selected={p.selected.length}
            onToggleAll={p.onToggleAll}
          />,
          ...shown.map((c) => t(`columns.${c.key}`)),
          t('columns.actions'),
        ]}
      >
        {p.items.map((c) => (
          <tr
            key={c.id}
            tabIndex={0}
            data-testid={`customer-row-${c.id}`}
            data-phone={c.phone}
            data-row-key={c.id}
            className={p.selected.includes(c.id) ? 'cp-dt-selected' : undefined}
          >
            <td>
              <SelectBox
                id={c.id}
                label={t('columns.select')}
                checked={p.selected.includes(c.id)}
                onToggle={() => p.onToggle(c.id)}
              />
            </td>
            {shown.map((col) => (
              <td
                key={col.key}
                className={col.muted ? Classes.TEXT_MUTED : undefined}
                data-testid={col.testId?.(c)}
                title={col.title?.(c)}
              >
                {col.cell(c)}
              </td>
            ))}
            <td>
              <Button
                variant="minimal"
                size="small"
                icon="edit"
                text={t('actions.edit')}
                data-testid={`edit-${c.id}`}
                onClick={() => p.onEdit(c)}
              />
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
