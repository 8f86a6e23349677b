// The live conversation of a transferred call (the transfer pop-up, the seat desk): robot and
// customer lines apart, the newest kept in view.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationLine } from '../../../domain/calls';
import './offer.css';

export function OfferTranscript({ lines }: { lines: ConversationLine[] }) {
  const { t } = useTranslation('seats');
  const box = useRef<HTMLOListElement>(null);
  // Every added or merged line is a new array (immer): scroll to the bottom each time.
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines]);
  // The placeholder sits outside the list: the list's text is only what was said.
  if (lines.length === 0) return <p className="cp-offer-none">{t('offer.noLines')}</p>;
  return (
    <ol
      className="cp-offer-transcript"
      ref={box}
      data-testid="offer-transcript"
      aria-label={t('offer.transcript')}
    >
      {lines.map((l) => (
        <li key={l.seq} className={`cp-offer-line cp-offer-${l.khtype}`} data-speaker={l.khtype}>
          <span className="cp-offer-who">{t(`offer.speaker.${l.khtype}`)}</span>
          {l.khcontent}
        </li>
      ))}
    </ol>
  );
}
