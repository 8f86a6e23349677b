// My customers' toolbar extras: "Manage tags" and "Export", each with its dialog.
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TagDto } from '../../../../../domain/crm';
import { useAppDispatch } from '../../../app/hooks';
import { exportsActions as X } from '../slice/exports';
import { tagAdminActions as T } from '../slice/tagAdmin';
import { ExportDialog } from './ExportDialog';
import { ManageTagsDialog } from './ManageTagsDialog';

export function CustomerTools(p: { selected: number[]; tags: TagDto[] }) {
  const { t } = useTranslation('crm');
  const dispatch = useAppDispatch();
  return (
    <>
      <Button
        icon="tags"
        text={t('tagAdmin.action')}
        data-testid="customer-manage-tags"
        onClick={() => dispatch(T.opened())}
      />
      <Button
        icon="th-derived"
        text={t('exports.action')}
        data-testid="customer-export"
        onClick={() => dispatch(X.opened())}
      />
      <ExportDialog selected={p.selected} />
      <ManageTagsDialog tags={p.tags} />
    </>
  );
}
