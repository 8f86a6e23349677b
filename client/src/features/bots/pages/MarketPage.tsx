// /rootmain/bot/botviewmarket: published templates to clone; the super admin publishes his bots.
import { Button, Card, H5, Intent, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectMe } from '../../auth/slice';
import { EmptyState } from '../../../ui/EmptyState';
import { BotMetaDialog } from '../components/BotMetaDialog';
import { StatusTag } from '../components/StatusTag';
import '../bots.css';
import { selectBotList } from '../slice';
import { listActions as L } from '../slice/list';
import { PageHeader } from '../../../ui/PageHeader';

export default function MarketPage() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBotList);
  const me = useAppSelector(selectMe);
  const isSuper = me?.level === 0;
  useEffect(() => {
    dispatch(L.marketRequested());
    if (isSuper) dispatch(L.listRequested({ page: 1 }));
  }, [dispatch, isSuper]);
  const mine = s.items.filter((b) => b.accountId === me?.id);
  return (
    <div className="cp-page" data-testid="market-page">
      <PageHeader />
      {s.marketLoading && s.market.length === 0 ? (
        <Spinner />
      ) : s.market.length === 0 ? (
        <EmptyState icon="shop" description={t('market.empty')} testId="market-empty" />
      ) : (
        <div className="cp-bots-columns">
          {s.market.map((b) => (
            <Card key={b.id} data-testid={`template-${b.id}`}>
              <H5>{b.name}</H5>
              <p className="cp-bots-muted">
                {b.industry}
                {b.industrySubtype ? ` / ${b.industrySubtype}` : ''}
              </p>
              <p>{b.description}</p>
              <div className="cp-bots-row">
                <Button
                  intent={Intent.PRIMARY}
                  text={t('actions.clone')}
                  data-testid={`template-clone-${b.id}`}
                  onClick={() => dispatch(L.dialogOpened({ kind: 'clone', bot: b }))}
                />
                {isSuper && b.accountId === me?.id && (
                  <Button
                    text={t('actions.unpublish')}
                    onClick={() => dispatch(L.publishRequested({ id: b.id, published: false }))}
                  />
                )}
              </div>
            </Card>
          ))}
        </div>
      )}
      {isSuper && (
        <>
          <H5 className="cp-bots-gap">{t('market.mine')}</H5>
          {mine.map((b) => (
            <div className="cp-bots-row" key={b.id}>
              <span className="cp-bots-grow">{b.name}</span>
              <StatusTag bot={b} />
              <Button
                size="small"
                text={b.isTemplate ? t('actions.unpublish') : t('actions.publish')}
                data-testid={`publish-${b.id}`}
                onClick={() => dispatch(L.publishRequested({ id: b.id, published: !b.isTemplate }))}
              />
            </div>
          ))}
        </>
      )}
      <BotMetaDialog />
    </div>
  );
}
