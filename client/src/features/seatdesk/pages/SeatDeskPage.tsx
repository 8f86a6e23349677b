// /rootmain/mymain/main/seatdesk: the seat desk, the page a seat's user works all day (issue 7). The
// seat's state control, the current call (from the server, so a reload during a call gets it back)
// with the customer card, live transcript, disposition and quick follow-up, and the seat's recent
// calls. An account that works no seat is told so.
import { Callout, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { MySeatPanel } from '../../seats/components/MySeatPanel';
import { seatsActions, selectSeats } from '../../seats/slice';
import { CurrentCall } from '../components/CurrentCall';
import { RecentCalls } from '../components/RecentCalls';
import { seatDeskActions as D, selectSeatDesk } from '../slice';
import { PageHeader } from '../../../ui/PageHeader';
import '../seatdesk.css';

export default function SeatDeskPage() {
  const { t } = useTranslation('seatdesk');
  const dispatch = useAppDispatch();
  const mine = useAppSelector(selectSeats).mine;
  const { seatId, current, loading, error } = useAppSelector(selectSeatDesk);

  useEffect(() => {
    dispatch(D.opened());
    dispatch(seatsActions.mineRequested());
    return () => {
      dispatch(D.closed());
    };
  }, [dispatch]);

  // The first seat the account works, unless one is chosen.
  const first = mine.items[0]?.id ?? null;
  const chosen = mine.items.some((s) => s.id === seatId) ? seatId : first;
  useEffect(() => {
    if (chosen === null) return;
    dispatch(D.seatChosen(chosen));
    dispatch(D.currentRequested());
    dispatch(D.recentRequested({ more: false }));
  }, [chosen, dispatch]);

  if (!mine.loaded && mine.loading) return <Spinner />;
  if (mine.loaded && !mine.items.length)
    return (
      <div className="cp-desk">
        <PageHeader detail={t('link')} />
        <NonIdealState
          icon="headset"
          title={t('noSeat.title')}
          description={t('noSeat.description')}
          data-testid="desk-no-seat"
        />
      </div>
    );

  const call = current?.seatId === chosen ? current.call : null;
  return (
    <div className="cp-desk" data-testid="seat-desk">
      <PageHeader detail={t('link')} />
      <div className="cp-desk-top">
        <MySeatPanel />
        {mine.items.length > 1 && (
          <HTMLSelect
            value={chosen ?? undefined}
            aria-label={t('chooseSeat')}
            data-testid="desk-seat-select"
            onChange={(e) => dispatch(D.seatChosen(Number(e.currentTarget.value)))}
          >
            {mine.items.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </HTMLSelect>
        )}
      </div>
      {error && (
        <Callout intent="danger" data-testid="desk-error">
          {error}
        </Callout>
      )}
      {call && current ? (
        <CurrentCall call={call} state={current.state} />
      ) : loading && !current ? (
        <Spinner size={24} />
      ) : (
        <Callout data-testid="desk-no-call">{t('call.none')}</Callout>
      )}
      <RecentCalls />
    </div>
  );
}
