// The dense customer table: row checkboxes, name (opens the drawer), masked phone, stage, grade, last
// call and call count (the calls' results), tags, focus.
import { Button, Classes, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CustomerDto, TagDto } from '../../../../../domain/crm';
import { formatDateTime } from '../../../../../domain/format';
import { GradeTag } from '../../../ui/GradeTag';
import { phoneText, stageKey } from '../labels';
import { FocusStar, SelectAllBox, SelectBox } from '../../../ui/selectionCells';
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

export function CustomerTable(p: CustomerTableProps) {
  const { t } = useTranslation('crm');
  return (
    <HTMLTable compact striped interactive className="cp-crm-table" data-testid="customer-table">
      <thead>
        <tr>
          <th>
            <SelectAllBox
              label={t('columns.select')}
              count={p.items.length}
              selected={p.selected.length}
              onToggleAll={p.onToggleAll}
            />
          </th>
          <th>{t('columns.focus')}</th>
          <th>{t('columns.name')}</th>
          <th>{t('columns.phone')}</th>
          <th>{t('columns.stage')}</th>
          <th>{t('columns.grade')}</th>
          <th>{t('columns.lastCalled')}</th>
          <th>{t('columns.callCount')}</th>
          <th>{t('columns.tags')}</th>
          <th>{t('columns.source')}</th>
          <th>{t('columns.lastFollowUp')}</th>
          <th>{t('columns.createdAt')}</th>
          <th>{t('columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {p.items.map((c) => (
          <tr key={c.id} data-testid={`customer-row-${c.id}`} data-phone={c.phone}>
            <td>
              <SelectBox
                id={c.id}
                label={t('columns.select')}
                checked={p.selected.includes(c.id)}
                onToggle={() => p.onToggle(c.id)}
              />
            </td>
            <td>
              <FocusStar
                id={c.id}
                focus={c.focus}
                labelOn={t('customers.focusOn')}
                labelOff={t('customers.focusOff')}
                onToggle={() => p.onFocus(c.id, !c.focus)}
              />
            </td>
            <td>
              <a role="button" data-testid={`open-${c.id}`} onClick={() => p.onOpen(c.id)}>
                {c.read ? c.name : <strong>{c.name}</strong>}
              </a>
            </td>
            <td title={c.phoneHidden ? t('customers.hiddenPhone') : undefined}>
              {phoneText(c.phone, c.phoneHidden)}
            </td>
            <td data-testid={`stage-${c.id}`}>{t(stageKey(c.stage))}</td>
            <td data-testid={`grade-${c.id}`}>
              {c.grade === null ? '—' : <GradeTag code={c.grade} testId={`grade-tag-${c.id}`} />}
            </td>
            <td className={Classes.TEXT_MUTED} data-testid={`last-called-${c.id}`}>
              {c.lastCalledAt ? formatDateTime(c.lastCalledAt) : '—'}
            </td>
            <td data-testid={`call-count-${c.id}`}>{c.callCount}</td>
            <td data-testid={`tags-${c.id}`}>
              <TagList ids={c.tagIds} tags={p.tags} />
            </td>
            <td>{c.source}</td>
            <td className={Classes.TEXT_MUTED}>
              {c.lastFollowUpAt ? formatDateTime(c.lastFollowUpAt) : '—'}
            </td>
            <td className={Classes.TEXT_MUTED}>{formatDateTime(c.createdAt)}</td>
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
      </tbody>
    </HTMLTable>
  );
}
