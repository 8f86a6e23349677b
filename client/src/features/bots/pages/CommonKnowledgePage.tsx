// /rootmain/bot/commonknow: the account's common knowledge questions (same form as the editor's).
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommonKnowledge } from '../../../../../domain/bot/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { ListView } from '../../../ui/ListView';
import { RowAction } from '../../../ui/RowAction';
import { KnowledgeForm } from '../components/KnowledgeForm';
import '../bots.css';
import { levelLetter, matchCountLabel } from '../labels';
import { newQuestion } from '../model/edit';
import { hasErrors, validateQuestion } from '../model/validate';
import { selectBotSettings } from '../slice';
import { settingsActions as S } from '../slice/settings';
import { PageHeader } from '../../../ui/PageHeader';

export default function CommonKnowledgePage() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBotSettings);
  const [tried, setTried] = useState(false);
  const [deleting, setDeleting] = useState<CommonKnowledge | null>(null);
  useEffect(() => {
    dispatch(S.commonRequested());
  }, [dispatch]);
  const editing = s.commonEditing !== null;
  useEffect(() => setTried(false), [editing]);
  const q = s.commonEditing;
  const save = () => {
    setTried(true);
    if (q && !hasErrors(validateQuestion(q))) dispatch(S.commonSaveRequested(q));
  };
  return (
    <div className="cp-page" data-testid="common-page">
      <div className="cp-bots-row">
        <PageHeader className="cp-bots-grow" />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('common.new')}
          data-testid="common-new"
          onClick={() => dispatch(S.commonEdited({ ...newQuestion(`c${Date.now()}`), common: true }))}
        />
      </div>
      <ListView
        waiting={s.commonLoading && s.common.length === 0}
        empty={s.common.length === 0}
        emptyIcon="manual"
        emptyText={t('common.empty')}
        emptyTestId="common-empty"
      >
        <DataTable
          className="cp-bots-table"
          testId="common-table"
          pinFirst
          pinLast
          columns={[
            t('question.title'),
            t('question.type'),
            t('question.keywords'),
            t('question.matchCount'),
            t('question.answerMode'),
            t('question.setLevel'),
            t('common:table.actions'),
          ]}
        >
          {s.common.map((c) => (
            <tr key={c.dbId} data-testid={`common-${c.dbId}`}>
              <td>{c.title}</td>
              <td>{t(`questionType.${c.type}`)}</td>
              <td>{c.keywords.join(', ')}</td>
              <td>{matchCountLabel(c.matchCount, t)}</td>
              <td>{t(`answerMode.${c.answerMode}`)}</td>
              <td>{levelLetter(c.setLevel)}</td>
              <td>
                <RowAction
                  icon="edit"
                  text={t('actions.edit')}
                  testId={`common-edit-${c.dbId}`}
                  onClick={() => dispatch(S.commonEdited(c))}
                />
                <RowAction
                  icon="trash"
                  intent={Intent.DANGER}
                  text={t('actions.delete')}
                  testId={`common-remove-${c.dbId}`}
                  onClick={() => setDeleting(c)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <Dialog
        isOpen={q !== null}
        onClose={() => dispatch(S.commonEdited(null))}
        title={q && 'dbId' in q ? t('question.edit') : t('question.new')}
        style={{ width: 720 }}
      >
        <DialogBody>
          {q && (
            <KnowledgeForm
              value={q}
              flows={[]}
              showErrors={tried}
              onChange={(nq) => dispatch(S.commonEdited(nq))}
            />
          )}
          <ErrorCallout error={s.commonError} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={() => dispatch(S.commonEdited(null))} />
              <Button
                intent={Intent.PRIMARY}
                text={t('actions.save')}
                loading={s.commonSaving}
                data-testid="common-save"
                onClick={save}
              />
            </>
          }
        />
      </Dialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        testId="common-delete"
        icon="trash"
        intent={Intent.DANGER}
        title={t('actions.delete')}
        body={t('common.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmText={t('actions.delete')}
        cancelText={t('actions.cancel')}
        onConfirm={() => {
          if (deleting) dispatch(S.commonDeleteRequested(deleting.dbId));
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
