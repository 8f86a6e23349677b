// The transfer pop-up (issue 7), mounted once in the shell so it rings on every page: the offered
// call's customer card, its live transcript and the ring's countdown, with accept and decline; once
// the call is the seat's (answered, or an auto-answer seat) or the ring ran out, only a close button.
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { offersActions as O, offerShown, secondsLeft, selectOffers, type OpenOffer } from '../offerSlice';
import { OfferCard } from '../../../ui/OfferCard';
import { OfferTranscript } from '../../../ui/OfferTranscript';

/** Seconds left of the ring, re-read twice a second while it rings. */
function useSecondsLeft(expiresAt: string, ringing: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ringing) return;
    const id = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(id);
  }, [ringing]);
  return secondsLeft(expiresAt, Date.now());
}

function OfferPopup({ offer }: { offer: OpenOffer }) {
  const { t } = useTranslation('seats');
  const dispatch = useAppDispatch();
  const ringing = offer.phase === 'ringing';
  const left = useSecondsLeft(offer.expiresAt, ringing);
  // A ring that ran out without its seat:offerEnd (a lost connection) may be closed by hand.
  const closable = !ringing || left === 0;
  const close = () => dispatch(O.offerClosed(offer.callUuid));
  const answer = (accept: boolean) =>
    dispatch(O.answerRequested({ callUuid: offer.callUuid, seatId: offer.seatId, accept }));
  const status = !ringing
    ? t(offer.autoAnswered ? 'offer.autoAnswered' : 'offer.accepted')
    : left === 0
      ? t('offer.timedOut')
      : t('offer.countdown', { s: left });
  const actions = closable ? (
    <Button text={t('offer.close')} data-testid="offer-close" onClick={close} />
  ) : (
    <>
      <Button
        text={t('offer.decline')}
        disabled={offer.answering}
        data-testid="offer-decline"
        onClick={() => answer(false)}
      />
      <Button
        intent={Intent.PRIMARY}
        icon="phone"
        text={t('offer.accept')}
        loading={offer.answering}
        data-testid="offer-accept"
        onClick={() => answer(true)}
      />
    </>
  );
  return (
    <Dialog
      isOpen
      title={offer.origin === 'inbound' ? t('offer.titleInbound') : t('offer.title')}
      icon="phone"
      isCloseButtonShown={closable}
      canEscapeKeyClose={closable}
      canOutsideClickClose={false}
      onClose={closable ? close : undefined}
      style={{ width: 560 }}
    >
      <div
        data-testid="offer-dialog"
        data-call={offer.callUuid}
        data-phase={offer.phase}
        data-origin={offer.origin}
      >
        <DialogBody>
          <OfferCard card={offer.card} />
          <OfferTranscript lines={offer.transcript} />
        </DialogBody>
        <DialogFooter actions={actions}>
          <span data-testid="offer-status">{status}</span>
        </DialogFooter>
      </div>
    </Dialog>
  );
}

export function OfferDialog() {
  const offer = useAppSelector((s) => offerShown(selectOffers(s)));
  // Keyed by call: a new offer starts with a fresh dialog.
  return offer ? <OfferPopup key={offer.callUuid} offer={offer} /> : null;
}
