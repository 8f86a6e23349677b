// /rootmain/crm/sea: the shared customer sea; filter, page through, claim the selected customers (the
// claim sits in the shared selection bar).
import { Button, Classes, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectMe } from '../../auth/slice';
import { bulkScopeOf, canAct } from '../../../ui/bulkScope';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { LoadMore } from '../../../ui/LoadMore';
import { SelectAllBox, SelectBox } from '../../../ui/selectionCells';
import { SelectionBar } from '../../../ui/SelectionBar';
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
  const scope = bulkScopeOf(s.selected.length, false, null);
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
        {canSet && (
          <Button
            icon="cog"
            text={t('seaSettings.action')}
            data-testid="sea-settings"
            onClick={() => dispatch(SS.opened())}
          />
        )}
      </form>
      <SelectionBar
        testId="sea-selection"
        scope={scope}
        loaded={s.items.length}
        onClear={() => dispatch(S.allSelected(false))}
      >
        {s.remaining !== null && (
          <span data-testid="sea-remaining">{t('sea.remaining', { count: s.remaining })}</span>
        )}
        <Button
          icon="import"
          intent={Intent.SUCCESS}
          text={t('actions.claim')}
          disabled={!canAct(scope)}
          loading={s.claiming}
          data-testid="sea-claim"
          onClick={() => dispatch(S.claimRequested(s.selected))}
        />
      </SelectionBar>
      <ListView
        waiting={s.loading && s.items.length === 0}
        empty={s.items.length === 0}
        emptyIcon="tint"
        emptyText={t('sea.empty')}
        emptyTestId="sea-empty"
      >
        <DataTable
          className="cp-crm-table"
          testId="sea-table"
          pinFirst
          columns={[
            <SelectAllBox
              key="select"
              label={t('columns.select')}
              count={s.items.length}
              selected={s.selected.length}
              onToggleAll={(all) => dispatch(S.allSelected(all))}
              testId="sea-select-all"
            />,
            t('columns.name'),
            t('columns.phone'),
            t('columns.company'),
            t('columns.stage'),
            t('columns.seaSince'),
            t('columns.lastFollowUp'),
          ]}
        >
          {s.items.map((c) => (
            <tr
              key={c.id}
              data-testid={`sea-row-${c.id}`}
              className={s.selected.includes(c.id) ? 'cp-dt-selected' : undefined}
            >
              <td>
                <SelectBox
                  id={c.id}
                  label={t('columns.select')}
                  checked={s.selected.includes(c.id)}
                  onToggle={() => dispatch(S.selectionToggled(c.id))}
                  testId={`sea-select-${c.id}`}
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
        </DataTable>
      </ListView>
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
