// The answer of "send test push": the receiver's HTTP status, or why nothing was delivered.
import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { pushesActions as P, selectPushes } from '../slice';

export function TestDialog() {
  const { t } = useTranslation('pushes');
  const dispatch = useAppDispatch();
  const { id, result } = useAppSelector(selectPushes).testing;
  const close = () => dispatch(P.testClosed());
  return (
    <Dialog isOpen={id !== null} onClose={close} title={t('test.title')} icon="send-message">
      <DialogBody>
        <div data-testid="push-test-result">
          {result === null ? (
            <>
              <Spinner size={24} />
              <p>{t('test.sending')}</p>
            </>
          ) : result.ok ? (
            <Callout intent={Intent.SUCCESS}>{t('test.ok', { status: result.status })}</Callout>
          ) : (
            <Callout intent={Intent.DANGER} title={t('test.failed')}>
              <p>
                {result.status === null ? t('test.noStatus') : t('test.status', { status: result.status })}
              </p>
              {result.error && <p className="cp-push-mono">{result.error}</p>}
            </Callout>
          )}
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text={t('actions.close')} onClick={close} />} />
    </Dialog>
  );
}
