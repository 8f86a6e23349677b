// Manage tags: groups and their tags (create, rename, recolour, move, delete after a confirmation).
import { Button, Callout, Dialog, DialogBody, DialogFooter, H6, Intent, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagDto, TagGroupDto } from '../../../../../domain/crm';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { selectTagAdmin } from '../slice';
import { tagAdminActions as T, type TagTarget } from '../slice/tagAdmin';
import { GroupForm, TagForm } from './TagAdminForms';

function Actions(p: { testId: string; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation('crm');
  return (
    <>
      <Button
        size="small"
        minimal
        icon="edit"
        title={t('actions.edit')}
        data-testid={`${p.testId}-edit`}
        onClick={p.onEdit}
      />
      <Button
        size="small"
        minimal
        icon="trash"
        intent={Intent.DANGER}
        title={t('actions.delete')}
        data-testid={`${p.testId}-delete`}
        onClick={p.onDelete}
      />
    </>
  );
}

export function ManageTagsDialog(p: { tags: TagDto[] }) {
  const { t } = useTranslation(['crm', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTagAdmin);
  const [group, setGroup] = useState<TagGroupDto | null>(null);
  const [tag, setTag] = useState<TagDto | null>(null);
  useEffect(() => {
    setGroup(null);
    setTag(null);
  }, [s.savedCount, s.open]);
  const errorsOf = (entity: 'group' | 'tag') => (s.errors?.entity === entity ? s.errors.fields : {});
  const ask = (target: TagTarget) => dispatch(T.deleteAsked(target));
  const sections = [
    ...s.groups.map((g) => ({ group: g as TagGroupDto | null, key: String(g.id) })),
    { group: null, key: 'none' },
  ];

  return (
    <Dialog isOpen={s.open} onClose={() => dispatch(T.closed())} title={t('tagAdmin.title')} icon="tags">
      <DialogBody>
        <div data-testid="tag-admin-dialog">
          <GroupForm
            editing={group}
            savedCount={s.savedCount}
            saving={s.saving}
            serverErrors={errorsOf('group')}
            onCancel={() => setGroup(null)}
            onSave={(name) =>
              dispatch(T.saveRequested({ entity: 'group', id: group?.id ?? null, body: { name } }))
            }
          />
          <TagForm
            editing={tag}
            groups={s.groups}
            savedCount={s.savedCount}
            saving={s.saving}
            serverErrors={errorsOf('tag')}
            onCancel={() => setTag(null)}
            onSave={(body) => dispatch(T.saveRequested({ entity: 'tag', id: tag?.id ?? null, body }))}
          />
          {s.errors?.message && (
            <Callout intent={Intent.DANGER} data-testid="tag-admin-error">
              {s.errors.message}
            </Callout>
          )}
          {sections.map(({ group: g, key }) => {
            const own = p.tags.filter((x) => x.groupId === (g?.id ?? null));
            if (!g && own.length === 0) return null;
            return (
              <div key={key} className="cp-crm-gap" data-testid={`tag-admin-group-${key}`}>
                <div className="cp-crm-bar">
                  <H6 className="cp-crm-grow">{g ? g.name : t('tagAdmin.noGroup')}</H6>
                  {g && (
                    <Actions
                      testId={`tag-admin-group-${g.id}`}
                      onEdit={() => setGroup(g)}
                      onDelete={() => ask({ entity: 'group', id: g.id, name: g.name })}
                    />
                  )}
                </div>
                {own.map((x) => (
                  <div key={x.id} className="cp-crm-bar" data-testid={`tag-admin-tag-${x.id}`}>
                    <Tag style={x.color ? { backgroundColor: x.color } : undefined}>{x.name}</Tag>
                    <span className="cp-crm-grow" />
                    <Actions
                      testId={`tag-admin-tag-${x.id}`}
                      onEdit={() => setTag(x)}
                      onDelete={() => ask({ entity: 'tag', id: x.id, name: x.name })}
                    />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </DialogBody>
      <DialogFooter
        actions={<Button text={t('common:actions.close')} onClick={() => dispatch(T.closed())} />}
      />
      <ConfirmDialog
        isOpen={s.confirm !== null}
        testId="tag-admin-confirm"
        icon="trash"
        intent={Intent.DANGER}
        title={t('tagAdmin.deleteTitle')}
        body={t(s.confirm?.entity === 'group' ? 'tagAdmin.deleteGroup' : 'tagAdmin.deleteTag', {
          name: s.confirm?.name ?? '',
        })}
        confirmText={t('actions.delete')}
        cancelText={t('common:actions.cancel')}
        onConfirm={() => s.confirm && dispatch(T.deleteRequested(s.confirm))}
        onClose={() => dispatch(T.deleteCancelled())}
      />
    </Dialog>
  );
}
