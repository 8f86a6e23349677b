// A task's detail drawer: counts per number state, adding numbers (paste, txt/csv upload, my
// customers by id or by name filter) with what was skipped and why, the numbers (keyset pages,
// remove), and the status log (who moved it, from what to what, why).
import {
  Button,
  Callout,
  Drawer,
  FileInput,
  FormGroup,
  InputGroup,
  Intent,
  Tab,
  Tabs,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { NUMBER_STATE_NAMES, type AddSkipReason } from '../../../../../domain/tasks';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { selectTasks, tasksActions as A } from '../slice';
import { StatusTag } from './StatusTags';

function AddNumbers() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const d = useAppSelector(selectTasks).detail;
  const [text, setText] = useState('');
  const [ids, setIds] = useState('');
  const [name, setName] = useState('');
  const r = d.addReply;
  return (
    <>
      <FormGroup label={t('detail.paste')}>
        <TextArea
          fill
          rows={4}
          value={text}
          placeholder={t('detail.pastePlaceholder')}
          data-testid="numbers-paste"
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Button
          intent={Intent.PRIMARY}
          text={t('detail.addPasted')}
          loading={d.adding}
          disabled={text.trim() === ''}
          data-testid="numbers-paste-add"
          onClick={() => dispatch(A.addNumbersRequested({ source: 'text', text }))}
        />
      </FormGroup>
      <FormGroup label={t('detail.upload')}>
        <FileInput
          text={t('actions.upload')}
          inputProps={
            {
              accept: '.txt,.csv',
              'data-testid': 'numbers-upload',
            } as React.InputHTMLAttributes<HTMLInputElement>
          }
          onInputChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) dispatch(A.addNumbersRequested({ source: 'file', file }));
          }}
        />
      </FormGroup>
      <FormGroup label={t('detail.customers')}>
        <div className="cp-tasks-bar">
          <InputGroup
            placeholder={t('detail.customerIds')}
            value={ids}
            onChange={(e) => setIds(e.currentTarget.value)}
          />
          <InputGroup
            placeholder={t('detail.customerName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button
            text={t('detail.addCustomers')}
            disabled={ids.trim() === '' && name.trim() === ''}
            onClick={() => {
              const list = ids
                .split(/[\s,，]+/)
                .filter(Boolean)
                .map(Number)
                .filter((n) => Number.isSafeInteger(n) && n > 0);
              dispatch(
                A.addNumbersRequested(
                  list.length
                    ? { source: 'customers', customerIds: list }
                    : { source: 'customers', filter: { name: name.trim() } },
                ),
              );
            }}
          />
        </div>
      </FormGroup>
      {d.addError && (
        <Callout intent={Intent.DANGER} data-testid="numbers-add-error">
          {d.addError}
        </Callout>
      )}
      {r && (
        <Callout
          intent={Object.values(r.skipped).some((n) => n > 0) ? Intent.WARNING : Intent.SUCCESS}
          data-testid="numbers-add-result"
        >
          <div data-testid="numbers-added">{t('detail.addResult', { count: r.added })}</div>
          {(Object.keys(r.skipped) as AddSkipReason[])
            .filter((k) => r.skipped[k] > 0)
            .map((k) => (
              <div key={k} data-testid={`numbers-skipped-${k}`}>
                {t(`detail.skipped.${k}`, { count: r.skipped[k] })}
              </div>
            ))}
          {r.invalidSamples.length > 0 && (
            <div>{t('detail.invalidSamples', { list: r.invalidSamples.join(', ') })}</div>
          )}
        </Callout>
      )}
    </>
  );
}

function Numbers() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const d = useAppSelector(selectTasks).detail;
  return (
    <>
      <div className="cp-tasks-counts" data-testid="numbers-counts">
        {(['pending', 'claimed', 'done', 'skipped', 'total'] as const).map((k) => (
          <Tag key={k} minimal large data-testid={`count-${k}`}>
            {t(`detail.counts.${k}`)}: {d.counts?.[k] ?? 0}
          </Tag>
        ))}
      </div>
      <AddNumbers />
      {d.numbers.length === 0 ? (
        <p>{t('detail.empty')}</p>
      ) : (
        <DataTable
          className="cp-tasks-table"
          testId="numbers-table"
          columns={[
            t('detail.phone'),
            t('detail.name'),
            t('detail.state'),
            t('detail.attempts'),
            t('detail.lastResult'),
            '',
          ]}
        >
          {d.numbers.map((n) => (
            <tr key={n.id}>
              <td>{n.phone}</td>
              <td>{n.name || t('detail.none')}</td>
              <td>{t(`detail.states.${n.state}`)}</td>
              <td>{n.attempts}</td>
              <td>
                {n.lastResult === null
                  ? t('detail.none')
                  : t(`levels.${n.lastResult}`, { defaultValue: String(n.lastResult) })}
              </td>
              <td>
                {NUMBER_STATE_NAMES[n.state] !== 'claimed' && (
                  <Button
                    minimal
                    small
                    icon="trash"
                    aria-label={t('actions.remove')}
                    onClick={() => dispatch(A.removeNumbersRequested([n.id]))}
                  />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {d.next && (
        <Button
          text={t('actions.more')}
          loading={d.loading}
          onClick={() => dispatch(A.numbersRequested({ more: true }))}
        />
      )}
    </>
  );
}

function Log() {
  const { t } = useTranslation('tasks');
  const d = useAppSelector(selectTasks).detail;
  return (
    <DataTable
      className="cp-tasks-table"
      testId="status-log"
      columns={[
        t('detail.at'),
        t('detail.from'),
        t('detail.to'),
        t('detail.by'),
        t('detail.actor'),
        t('detail.reason'),
      ]}
    >
      {d.log.map((l) => (
        <tr key={l.id}>
          <td>{formatDateTime(l.at)}</td>
          <td>{l.fromStatus === null ? t('detail.none') : <StatusTag status={l.fromStatus} />}</td>
          <td>
            <StatusTag status={l.toStatus} />
          </td>
          <td>{l.byAccount ?? t('detail.none')}</td>
          <td>{t(`detail.actors.${l.actor}`)}</td>
          <td>{l.reason}</td>
        </tr>
      ))}
    </DataTable>
  );
}

export function TaskDrawer() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTasks);
  const task = s.list.items.find((x) => x.id === s.detail.id);
  return (
    <Drawer
      isOpen={s.detail.id !== null}
      title={t('detail.title', { name: task?.name ?? '' })}
      onClose={() => dispatch(A.detailClosed())}
      size="60%"
    >
      <div className="cp-tasks-drawer" data-testid="task-drawer">
        <Button
          minimal
          icon="cross"
          text={t('actions.close')}
          data-testid="task-drawer-close"
          onClick={() => dispatch(A.detailClosed())}
        />
        <Tabs id="task-detail" renderActiveTabPanelOnly>
          <Tab id="numbers" title={t('detail.numbers')} panel={<Numbers />} />
          <Tab id="log" title={t('detail.log')} panel={<Log />} data-testid="tab-log" />
        </Tabs>
      </div>
    </Drawer>
  );
}
