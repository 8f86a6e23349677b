// The header's way to the seat desk: shown to an account that works a seat, on every page, with the
// go-online prompt when a seat of the account is offline (SeatOnlinePrompt).
import { AnchorButton } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { seatsActions, selectSeats } from '../../seats/slice';
import { SEAT_DESK_PATH } from '../path';
import { SeatOnlinePrompt } from './SeatOnlinePrompt';

export function SeatDeskLink() {
  const { t } = useTranslation('seatdesk');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const mine = useAppSelector(selectSeats).mine;
  useEffect(() => {
    dispatch(seatsActions.mineRequested());
  }, [dispatch]);
  if (!mine.items.length) return null;
  return (
    <>
      <SeatOnlinePrompt />
      <AnchorButton
        minimal
        icon="headset"
        text={t('link')}
        href={SEAT_DESK_PATH}
        data-testid="seat-desk-link"
        onClick={(e) => {
          e.preventDefault();
          navigate(SEAT_DESK_PATH);
        }}
      />
    </>
  );
}
