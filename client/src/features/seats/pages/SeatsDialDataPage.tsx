// /rootmain/dialcenter/seatsdialdata: per-seat figures for a date range (days in the account's time
// zone): offers, answered, missed, talk time, average handle time; seats paged with "load more". The
// desk panel shows on top for an account that works a seat (its user may not hold seatsmanage).
import { Button, Classes, HTMLSelect, Intent, Callout } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDate } from '../../../../../domain/shields';
import type { SeatFiguresDto } from '../../../../../domain/seats';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { MySeatPanel } from '../components/MySeatPanel';
import { clock } from '../form';
import { seatsActions as A, selectSeats } from '../slice';
import '../seats.css';
import { DateField } from '../../../ui/DateField';
import { PageHeader } from '../../../ui/PageHeader';

type Figures = Omit<SeatFiguresDto, 'seatId' | 'seatName' | 'groupName' | 'userAccount'>;

function Cells({ f }: { f: Figures }) {
  return (
    <>
      <td>{f.offers}</td>
      <td>{f.answered}</td>
      <td>{f.missed}</td>
      <td>{clock(f.talkMs)}</td>
      <td>{f.averageHandleMs === null ? '—' : clock(f.averageHandleMs)}</td>
    </>
  );
}

export default function SeatsDialDataPage() {
  const { t } = useTranslation('seats');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSeats);
  const f = s.figures;
  const today = localDate(new Date(), 'Asia/Shanghai');
  const [q, setQ] = useState({ from: today.slice(0, 8) + '01', to: today, groupId: '' });
  const search = () =>
    dispatch(A.figuresRequested({ from: q.from, to: q.to, groupId: q.groupId ? Number(q.groupId) : null }));
  useEffect(() => {
    search();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const groups = s.groups.items;
  return (
    <div className="cp-page" data-testid="seat-figures-page">
      <PageHeader />
      <MySeatPanel />
      <div className="cp-seat-bar">
        <label>
          {t('figures.from')}{' '}
          <DateField
            testId="figures-from"
            label={t('figures.from')}
            value={q.from}
            onChange={(from) => setQ({ ...q, from })}
          />
        </label>
        <label>
          {t('figures.to')}{' '}
          <DateField
            testId="figures-to"
            label={t('figures.to')}
            value={q.to}
            onChange={(to) => setQ({ ...q, to })}
          />
        </label>
        {groups.length > 0 && (
          <HTMLSelect
            value={q.groupId}
            data-testid="figures-group"
            options={[
              { value: '', label: t('figures.allGroups') },
              ...groups.map((g) => ({ value: String(g.id), label: g.name })),
            ]}
            onChange={(e) => setQ({ ...q, groupId: e.currentTarget.value })}
          />
        )}
        <Button icon="search" text={t('actions.search')} data-testid="figures-search" onClick={search} />
        {f.timeZone && <span className={Classes.TEXT_MUTED}>{t('figures.zone', { zone: f.timeZone })}</span>}
      </div>
      {f.error && (
        <Callout intent={Intent.DANGER} data-testid="figures-error">
          {f.error}
        </Callout>
      )}
      <ListView
        waiting={f.loading && !f.items.length}
        empty={f.loaded && !f.items.length}
        emptyIcon="timeline-bar-chart"
        emptyText={t('figures.empty')}
        emptyTestId="figures-empty"
        more={{
          next: f.nextAfter !== null,
          text: t('actions.more'),
          loading: f.loading,
          testId: 'figures-more',
          minimal: false,
          onMore: () => dispatch(A.figuresRequested({ more: true })),
        }}
      >
        <DataTable
          className="cp-seat-table"
          testId="figures-table"
          columns={[
            t('figures.seat'),
            t('figures.group2'),
            t('figures.user'),
            t('figures.offers'),
            t('figures.answered'),
            t('figures.missed'),
            t('figures.talk'),
            <span key="aht" title={t('figures.ahtHelp')}>
              {t('figures.aht')}
            </span>,
          ]}
        >
          {f.totals && (
            <tr className="cp-seat-total" data-testid="figures-totals">
              <td colSpan={3}>{t('figures.totals')}</td>
              <Cells f={f.totals} />
            </tr>
          )}
          {f.items.map((r) => (
            <tr key={r.seatId} data-testid={`figures-row-${r.seatName}`}>
              <td>{r.seatName}</td>
              <td>{r.groupName}</td>
              <td>{r.userAccount}</td>
              <Cells f={r} />
            </tr>
          ))}
        </DataTable>
      </ListView>
    </div>
  );
}
