// The published versions of the bot: when, by whom, and how many of their prompts are rendered.
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { selectEditor } from '../slice';
import { editorActions as E } from '../slice/editor';

export function VersionsDialog() {
  const { t } = useTranslation(['bots', 'common']);
  const dispatch = useAppDispatch();
  const versions = useAppSelector(selectEditor).versions;
  const close = () => dispatch(E.versionsClosed());
  return (
    <Dialog isOpen={versions !== null} onClose={close} title={t('versions.title')} icon="history">
      <DialogBody>
        {versions?.length === 0 ? (
          <p data-testid="versions-empty">{t('versions.none')}</p>
        ) : (
          <DataTable
            className="cp-bots-versions"
            testId="versions-table"
            columns={[
              t('versions.version'),
              t('versions.createdAt'),
              t('versions.createdBy'),
              t('versions.prompts'),
            ]}
          >
            {(versions ?? []).map((v) => (
              <tr key={v.version}>
                <td>v{v.version}</td>
                <td>{formatDateTime(v.createdAt)}</td>
                <td>{v.createdBy}</td>
                <td>{`${v.promptsRendered} / ${v.promptsTotal}`}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common:actions.close')} onClick={close} />} />
    </Dialog>
  );
}
