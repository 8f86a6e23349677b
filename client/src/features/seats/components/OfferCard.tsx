// The customer card of a transfer pop-up: who is calling and what is known of them so far.
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import type { TransferCard } from '../../../../../domain/transfer';
import { GradeTag } from '../../callrecords/components/GradeTag';

export function OfferCard({ card }: { card: TransferCard }) {
  const { t } = useTranslation('seats');
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
            {last.content}
          </>
        ) : (
          none
        )}
      </dd>
    </dl>
  );
}
