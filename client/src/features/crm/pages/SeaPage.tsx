// /rootmain/crm/sea: the shared customer sea; filter, page through, claim the selected customers.
import { Button, Checkbox, Classes, HTMLTable, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectMe } from '../../auth/slice';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadMore } from '../../../ui/LoadMore';
import { SeaSettingsDialog } from '../components/SeaSettingsDialog';
import { StageSelect } from '../components/StageSelect';
import '../crm.css';
import { phoneText, stageKey } from '../labels';
import { selectSea } from '../slice';
import { seaActions as S } from '../slice/sea';
import { seaSettingsActions as SS } from '../slice/seaSettings';
import { PageHeader } from '../../../ui/PageHeader';

export default function SeaPage() {
  const { t } = useTranslation('crm');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSea);
  const level = useAppSelector(selectMe)?.level;
  // Merchants (2) and the super admin (0) set their sea's rules.
  const canSet = level === 2 || level === 0;

  useEffect(() => {
    dispatch(S.listRequested());
  }, [dispatch]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    dispatch(S.listRequested());
  };
  const all = s.items.length > 0 && s.selected.length === s.items.length;
  return (
    <div className="cp-page" data-testid="sea-page">
      <PageHeader />
      <form className="cp-crm-bar" onSubmit={search}>
        <InputGroup
          data-testid="sea-filter-name"
          placeholder={t('filters.name')}
          value={s.filters.name}
          onValueChange={(name) => dispatch(S.filtersChanged({ name }))}
        />
        <InputGroup
          data-testid="sea-filter-phone"
          placeholder={t('filters.phone')}
          value={s.filters.phone}
          maxLength={11}
          onValueChange={(v) => dispatch(S.filtersChanged({ phone: v.replace(/\D/g, '') }))}
        />
        <StageSelect
          id="sea-filter-stage"
          value={s.filters.stage}
          withAll
          onChange={(stage) => dispatch(S.filtersChanged({ stage }))}
        />
        <Button
          type="submit"
          icon="search"
          intent={Intent.PRIMARY}
          text={t('actions.search')}
          data-testid="sea-search"
        />
        <span className="cp-crm-grow" />
        {s.remaining !== null && (
          <span data-testid="sea-remaining">{t('sea.remaining', { count: s.remaining })}</span>
        )}
        <Button
          icon="import"
          intent={Intent.SUCCESS}
          text={t('actions.claim')}
          disabled={s.selected.length === 0}
          loading={s.claiming}
          data-testid="sea-claim"
          onClick={() => dispatch(S.claimRequested(s.selected))}
        />
        {canSet && (
          <Button
            icon="cog"
            text={t('seaSettings.action')}
            data-testid="sea-settings"
            onClick={() => dispatch(SS.opened())}
          />
        )}
      </form>
      {s.loading && s.items.length === 0 ? (
        <Spinner />
      ) : s.items.length === 0 ? (
        <EmptyState icon="tint" description={t('sea.empty')} testId="sea-empty" />
      ) : (
        <HTMLTable compact striped interactive className="cp-crm-table" data-testid="sea-table">
          <thead>
            <tr>
              <th>
                <Checkbox
                  aria-label={t('columns.select')}
                  checked={all}
                  data-testid="sea-select-all"
                  onChange={() => dispatch(S.allSelected(!all))}
                />
              </th>
              <th>{t('columns.name')}</th>
              <th>{t('columns.phone')}</th>
              <th>{t('columns.company')}</th>
              <th>{t('columns.stage')}</th>
              <th>{t('columns.seaSince')}</th>
              <th>{t('columns.lastFollowUp')}</th>
            </tr>
          </thead>
          <tbody>
            {s.items.map((c) => (
              <tr key={c.id} data-testid={`sea-row-${c.id}`}>
                <td>
                  <Checkbox
                    aria-label={t('columns.select')}
                    checked={s.selected.includes(c.id)}
                    data-testid={`sea-select-${c.id}`}
                    onChange={() => dispatch(S.selectionToggled(c.id))}
                  />
                </td>
                <td>{c.name}</td>
                <td>{phoneText(c.phone, c.phoneHidden)}</td>
                <td>{c.company}</td>
                <td>{t(stageKey(c.stage))}</td>
                <td className={Classes.TEXT_MUTED}>{c.seaSince ? formatDateTime(c.seaSince) : '—'}</td>
                <td className={Classes.TEXT_MUTED}>
                  {c.lastFollowUpAt ? formatDateTime(c.lastFollowUpAt) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <LoadMore
        hasMore={s.nextBefore !== null}
        loading={s.loading}
        onClick={() => dispatch(S.moreRequested())}
        testId="sea-more"
      />
      {canSet && <SeaSettingsDialog />}
    </div>
  );
}
