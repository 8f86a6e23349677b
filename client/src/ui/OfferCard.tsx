// The customer card of a transferred call (the transfer pop-up, the seat desk): who is calling and
// what is known of them so far (the last follow-up's text; an AI-visit record's reason in the seat's
// language).
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../domain/format';
import type { TransferCard } from '../../../domain/transfer';
import { reasonText } from './reasonText';
import { GradeTag } from './GradeTag';
import './offer.css';

export function OfferCard({ card }: { card: TransferCard }) {
  const { t, i18n } = useTranslation('seats');
  const none = <span className="cp-offer-none">{t('offer.none')}</span>;
  const last = card.lastFollowUp;
  return (
    <dl className="cp-offer-card" data-testid="offer-card" aria-label={t('offer.card')}>
      <dt>{t('offer.name')}</dt>
      <dd data-testid="offer-name">{card.name || none}</dd>
      <dt>{t('offer.phone')}</dt>
      <dd data-testid="offer-phone">{card.phoneMasked}</dd>
      <dt>{t('offer.grade')}</dt>
      <dd>
        <GradeTag code={card.grade} testId="offer-grade" />
      </dd>
      <dt>{t('offer.tags')}</dt>
      <dd className="cp-offer-tags" data-testid="offer-tags">
        {card.tags.length
          ? card.tags.map((tag) => (
              <Tag key={tag} minimal>
                {tag}
              </Tag>
            ))
          : none}
      </dd>
      <dt>{t('offer.lastFollowUp')}</dt>
      <dd data-testid="offer-follow-up">
        {last ? (
          <>
            <span className="cp-offer-when">{formatDateTime(last.at)}</span>
            {(last.message && reasonText(i18n, { ...last.message, text: last.content })) || last.content}
          </>
        ) : (
          none
        )}
      </dd>
    </dl>
  );
}
