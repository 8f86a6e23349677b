// The reception scenes of /dialcenter/callin: which number answers with which bot or seat group.
import { Callout, H3, Intent, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { AddBar, EditDeleteActions } from '../../../ui/tableParts';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { callinActions as A, selectCallin } from '../slice';
import { SceneDialog } from './SceneDialog';
import '../../seats/seats.css';

function DeleteConfirm() {
  const { t } = useTranslation('callin');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCallin);
  const d = s.deleting;
  const name = s.scenes.items.find((x) => x.id === d.id)?.name ?? '';
  return (
    <TypeToConfirmDialog
      isOpen={d.kind !== null}
      testId="scene-delete"
      title={t('scenes.deleteTitle')}
      body={t('scenes.deleteBody', { name })}
      prompt={t('scenes.deletePrompt')}
      confirmText={t('common:actions.delete')}
      cancelText={t('common:actions.cancel')}
      pending={d.pending}
      error={d.error}
      onConfirm={() => dispatch(A.deleteRequested())}
      onClose={() => dispatch(A.deleteClosed())}
    />
  );
}

export function ScenesPanel() {
  const { t } = useTranslation(['callin', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCallin);
  useEffect(() => {
    dispatch(A.scenesRequested());
  }, [dispatch]);
  const missing = t('scenes.missing');
  return (
    <div data-testid="scenes-panel">
      <H3>{t('scenes.title')}</H3>
      <p className="bp6-text-muted">{t('scenes.intro')}</p>
      <AddBar
        text={t('scenes.add')}
        testId="scene-add"
        onAdd={() => dispatch(A.editorOpened({ kind: 'scene', id: null }))}
      />
      {s.error && (
        <Callout intent={Intent.DANGER} title={t('scenes.loadFailed')} data-testid="scenes-error">
          {s.error}
        </Callout>
      )}
      <ListView
        waiting={s.scenes.loading && !s.scenes.loaded}
        empty={!s.scenes.items.length}
        emptyIcon="phone"
        emptyText={t('scenes.empty')}
        emptyTestId="scenes-empty"
      >
        <DataTable
          className="cp-seat-table"
          testId="scenes-table"
          columns={[
            t('fields.name'),
            t('fields.did'),
            t('fields.line'),
            t('fields.target'),
            t('fields.answeredBy'),
            t('fields.owner'),
            t('fields.enabled'),
            '',
          ]}
        >
          {s.scenes.items.map((x) => (
            <tr key={x.id} data-testid={`scene-row-${x.name}`}>
              <td>{x.name}</td>
              <td>{x.did}</td>
              <td>{x.lineName ?? missing}</td>
              <td>{t(`targets.${x.target}`)}</td>
              <td>{(x.target === 'bot' ? x.botName : x.seatGroupName) ?? missing}</td>
              <td>{x.ownerAccount}</td>
              <td>
                <Tag minimal intent={x.enabled ? Intent.SUCCESS : Intent.NONE}>
                  {x.enabled ? t('scenes.on') : t('scenes.off')}
                </Tag>
              </td>
              <td>
                <EditDeleteActions
                  kind="scene"
                  name={x.name}
                  onEdit={() => dispatch(A.editorOpened({ kind: 'scene', id: x.id }))}
                  onDelete={() => dispatch(A.deleteOpened({ kind: 'scene', id: x.id }))}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <SceneDialog />
      <DeleteConfirm />
    </div>
  );
}
