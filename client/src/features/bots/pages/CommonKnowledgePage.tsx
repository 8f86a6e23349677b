// /rootmain/bot/commonknow: the account's common knowledge questions (same form as the editor's).
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  Callout,
  HTMLTable,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommonKnowledge } from '../../../../../domain/bot/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState } from '../../../ui/EmptyState';
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
      {s.commonLoading && s.common.length === 0 ? (
        <Spinner />
      ) : s.common.length === 0 ? (
        <EmptyState icon="manual" description={t('common.empty')} testId="common-empty" />
      ) : (
        <HTMLTable compact striped className="cp-bots-table" data-testid="common-table">
          <thead>
            <tr>
              <th>{t('question.title')}</th>
              <th>{t('question.type')}</th>
              <th>{t('question.keywords')}</th>
              <th>{t('question.matchCount')}</th>
              <th>{t('question.answerMode')}</th>
              <th>{t('question.setLevel')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {s.common.map((c) => (
              <tr key={c.dbId} data-testid={`common-${c.dbId}`}>
                <td>{c.title}</td>
                <td>{t(`questionType.${c.type}`)}</td>
                <td>{c.keywords.join(', ')}</td>
                <td>{matchCountLabel(c.matchCount, t)}</td>
                <td>{t(`answerMode.${c.answerMode}`)}</td>
                <td>{levelLetter(c.setLevel)}</td>
                <td>
                  <Button size="small" text={t('actions.edit')} onClick={() => dispatch(S.commonEdited(c))} />
                  <Button
                    size="small"
                    intent={Intent.DANGER}
                    text={t('actions.delete')}
                    onClick={() => setDeleting(c)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
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
          {s.commonError && <Callout intent={Intent.DANGER}>{s.commonError}</Callout>}
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
