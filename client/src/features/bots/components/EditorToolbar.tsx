// The editor's bar: back, name and status, save draft, check, versions, submit; the 409 "someone else saved" dialog.
import { Button, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { menuPath } from '../../../../../domain/menus';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { navigate } from '../../../app/navigation';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { selectEditor } from '../slice';
import { editorActions as E } from '../slice/editor';
import { StatusTag } from './StatusTag';
import { VersionsDialog } from './VersionsDialog';

export function EditorToolbar() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectEditor);
  if (!s.bot) return null;
  return (
    <div className="cp-bots-row cp-bots-toolbar">
      <Button
        icon="arrow-left"
        variant="minimal"
        text={t('editor.back')}
        onClick={() => navigate(menuPath('bot/botview'))}
      />
      <strong data-testid="editor-name">{s.bot.name}</strong>
      <StatusTag bot={s.bot} />
      {s.dirty && (
        <Tag minimal intent={Intent.WARNING} data-testid="editor-dirty">
          {t('editor.unsaved')}
        </Tag>
      )}
      <span className="cp-bots-grow" />
      <Button
        icon="floppy-disk"
        intent={Intent.PRIMARY}
        text={t('editor.save')}
        loading={s.saving}
        data-testid="editor-save"
        onClick={() => dispatch(E.saveRequested())}
      />
      <Button
        icon="tick-circle"
        text={t('editor.check')}
        loading={s.checking}
        data-testid="editor-check"
        onClick={() => dispatch(E.checkRequested())}
      />
      <Button
        icon="history"
        text={t('versions.open')}
        data-testid="editor-versions"
        onClick={() => dispatch(E.versionsRequested())}
      />
      <Button
        icon="send-message"
        intent={Intent.SUCCESS}
        text={t('editor.submit')}
        loading={s.submitting}
        disabled={s.bot.status === 'review'}
        data-testid="editor-submit"
        onClick={() => dispatch(E.submitRequested())}
      />
      <VersionsDialog />
      <ConfirmDialog
        isOpen={s.conflict}
        testId="editor-conflict"
        icon="warning-sign"
        intent={Intent.WARNING}
        title={t('editor.conflictTitle')}
        body={t('editor.conflictBody')}
        confirmText={t('editor.reload')}
        cancelText={t('editor.keepEditing')}
        onConfirm={() => s.id !== null && dispatch(E.opened(s.id))}
        onClose={() => dispatch(E.conflictDismissed())}
      />
    </div>
  );
}
