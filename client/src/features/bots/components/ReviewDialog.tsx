// Super admin review: approve (publishes) or reject with a reason.
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { selectBotList } from '../slice';
import { listActions as L } from '../slice/list';

export function ReviewDialog() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBotList);
  const d = s.dialog?.kind === 'review' ? s.dialog : null;
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setReason('');
    setTried(false);
  }, [d?.bot.id]);
  if (!d) return null;
  const reject = () => {
    setTried(true);
    if (reason.trim()) dispatch(L.reviewRequested({ id: d.bot.id, approve: false, reason: reason.trim() }));
  };
  return (
    <Dialog
      isOpen
      onClose={() => dispatch(L.dialogOpened(null))}
      icon="endorsed"
      title={t('dialog.reviewTitle', { name: d.bot.name })}
    >
      <DialogBody>
        <div data-testid="review-dialog">
          <FormGroup
            label={t('dialog.reason')}
            labelFor="review-reason"
            intent={tried && !reason.trim() ? Intent.DANGER : Intent.NONE}
            helperText={tried && !reason.trim() ? t('validation.reason') : undefined}
          >
            <TextArea
              id="review-reason"
              data-testid="review-reason"
              fill
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </FormGroup>
          <ErrorCallout error={s.error} />
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={() => dispatch(L.dialogOpened(null))} />
            <Button
              intent={Intent.DANGER}
              text={t('actions.reject')}
              loading={s.pending}
              data-testid="review-reject"
              onClick={reject}
            />
            <Button
              intent={Intent.SUCCESS}
              text={t('actions.approve')}
              loading={s.pending}
              data-testid="review-approve"
              onClick={() => dispatch(L.reviewRequested({ id: d.bot.id, approve: true }))}
            />
          </>
        }
      />
    </Dialog>
  );
}
