// The call records table: selection, focus, every SPEC §3 field of a record, and "open" (the drawer).
import { Button, Classes, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CallRecordRow } from '../../../../../domain/callRecords';
import { formatDateTime } from '../../../../../domain/format';
import { FocusStar, SelectAllBox, SelectBox } from '../../../ui/selectionCells';
import { GradeTag } from './GradeTag';

export const seconds = (ms: number): string => `${Math.round(ms / 1000)}s`;

export function RecordTable(p: {
  items: CallRecordRow[];
  selected: number[];
  onToggle(id: number): void;
  onToggleAll(all: boolean): void;
  onOpen(uuid: string): void;
  onFocus(uuid: string, focus: boolean): void;
}) {
  const { t } = useTranslation('callrecords');
  const cols = [
    'focus',
    'time',
    'phone',
    'name',
    'grade',
    'talk',
    'stage',
    'intention',
    'score',
    'llmGrade',
    'labels',
    'callStatus',
    'ring',
    'total',
    'read',
    'task',
    'bot',
    'line',
    'account',
    'callId',
    'actions',
  ];
  return (
    <div className="cp-cr-scroll">
      <HTMLTable compact striped interactive className="cp-crm-table" data-testid="record-table">
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
            {cols.map((c) => (
              <th key={c}>{t(`columns.${c}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.items.map((r) => (
            <tr key={r.id} data-testid={`record-row-${r.id}`} data-uuid={r.callUuid}>
              <td>
                <SelectBox
                  id={r.id}
                  label={t('columns.select')}
                  checked={p.selected.includes(r.id)}
                  onToggle={() => p.onToggle(r.id)}
                />
              </td>
              <td>
                <FocusStar
                  id={r.id}
                  focus={r.focus}
                  labelOn={t('focusOn')}
                  labelOff={t('focusOff')}
                  onToggle={() => p.onFocus(r.callUuid, !r.focus)}
                />
              </td>
              <td className={Classes.TEXT_MUTED}>{formatDateTime(r.createdAt)}</td>
              <td>{r.read ? r.phone : <strong>{r.phone}</strong>}</td>
              <td>{r.name || '—'}</td>
              <td>
                <GradeTag code={r.gradeCode} testId={`grade-${r.id}`} />
              </td>
              <td>{seconds(r.talkMs)}</td>
              <td>{r.stage === null ? '—' : t(`crm:stage.${r.stage}`)}</td>
              <td>{r.intentionLabel || '—'}</td>
              <td>{r.score ?? '—'}</td>
              <td>{r.llmGrade ?? '—'}</td>
              <td>{r.labels.length ? r.labels.join(t('labelSep')) : '—'}</td>
              <td>{t(`callStatus.${r.callStatus}`)}</td>
              <td>{seconds(r.ringMs)}</td>
              <td>{seconds(r.totalMs)}</td>
              <td data-testid={`read-${r.id}`}>{r.read ? t('yes') : t('no')}</td>
              <td>{r.taskName ?? '—'}</td>
              <td>{r.botName ?? '—'}</td>
              <td>{r.lineName ?? '—'}</td>
              <td>{r.account}</td>
              <td className={Classes.TEXT_MUTED} title={r.callUuid}>
                {r.callUuid.slice(0, 8)}
              </td>
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
        </tbody>
      </HTMLTable>
    </div>
  );
}
