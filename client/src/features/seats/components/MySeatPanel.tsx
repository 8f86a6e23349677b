// The desk's state control: the seats this account works, with online, do-not-disturb and answer
// mode switches and "ready" after wrap-up. Kept live by seat:state events (and the server's reconcile
// after a reconnect). Renders nothing for an account that works no seat.
import { Button, Callout, Card, H5, Intent, Switch } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import type { SeatDto } from '../../../../../domain/seats';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { seatsActions as A, selectSeats, type StatePatch } from '../slice';
import { StatusTag } from './StatusTag';

function SeatDesk({ seat, busy }: { seat: SeatDto; busy: boolean }) {
  const { t } = useTranslation('seats');
  const dispatch = useAppDispatch();
  const st = seat.state;
  const send = (patch: StatePatch) => dispatch(A.switchRequested({ seatId: seat.id, patch }));
  return (
    <>
      {!st.online && seat.enabled && (
        <Callout intent={Intent.WARNING} icon="offline" data-testid={`desk-go-online-${seat.id}`}>
          {t('desk.offlinePrompt', { name: seat.name })}{' '}
          <Button
            intent={Intent.PRIMARY}
            small
            icon="feed"
            text={t('desk.goOnline')}
            loading={busy}
            data-testid={`desk-go-online-button-${seat.id}`}
            onClick={() => send({ online: true })}
          />
        </Callout>
      )}
      <div className="cp-seat-desk-row" data-testid={`desk-${seat.id}`}>
        <strong>{t('desk.seatLine', { name: seat.name, group: seat.groupName })}</strong>
        <StatusTag seatId={seat.id} status={st.status} />
        <Switch
          inline
          label={t('desk.online')}
          checked={st.online}
          disabled={busy || !seat.enabled}
          data-testid={`desk-online-${seat.id}`}
          onChange={(e) => send({ online: e.currentTarget.checked })}
        />
        <Switch
          inline
          label={t('desk.dnd')}
          checked={st.dnd}
          disabled={busy}
          data-testid={`desk-dnd-${seat.id}`}
          onChange={(e) => send({ dnd: e.currentTarget.checked })}
        />
        <Switch
          inline
          // The label says what the switch does; its position shows the state (it never relabels itself).
          label={t('desk.autoAnswer')}
          checked={st.autoAnswer}
          disabled={busy}
          data-testid={`desk-auto-${seat.id}`}
          onChange={(e) => send({ autoAnswer: e.currentTarget.checked })}
        />
        {st.activity === 'wrapup' && (
          <Button
            intent={Intent.PRIMARY}
            small
            text={t('desk.ready')}
            data-testid={`desk-ready-${seat.id}`}
            onClick={() => send({ ready: true })}
          />
        )}
        {st.callUuid && <span data-testid={`desk-in-call-${seat.id}`}>{t('desk.inCall')}</span>}
        {st.status === 'idle' && st.idleSince && (
          <span>{t('desk.since', { time: formatDateTime(st.idleSince) })}</span>
        )}
      </div>
    </>
  );
}

export function MySeatPanel() {
  const { t } = useTranslation('seats');
  const dispatch = useAppDispatch();
  const mine = useAppSelector(selectSeats).mine;
  useEffect(() => {
    dispatch(A.mineRequested());
  }, [dispatch]);
  if (!mine.items.length) return null;
  return (
    <Card className="cp-seat-desk" data-testid="my-seat">
      <H5>{t('desk.title')}</H5>
      {mine.items.map((s) => (
        <SeatDesk key={s.id} seat={s} busy={mine.switching === s.id} />
      ))}
      {mine.error && (
        <Callout intent={Intent.DANGER} data-testid="desk-error">
          {mine.error}
        </Callout>
      )}
      <p>{t('desk.live')}</p>
    </Card>
  );
}
