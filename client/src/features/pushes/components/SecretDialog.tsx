// The one time a signing secret is shown: after an address is created or its secret is renewed, and
// after the task push secret is generated. Closing forgets it.
import { Button, Callout, Code, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { pushesActions as P, selectPushes } from '../slice';

export function SecretDialog() {
  const { t } = useTranslation('pushes');
  const dispatch = useAppDispatch();
  const shown = useAppSelector(selectPushes).secret;
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    dispatch(P.secretClosed());
  };
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog isOpen={shown !== null} onClose={close} title={t('secret.title')} icon="key">
      <DialogBody>
        <div data-testid="push-secret-dialog">
          <p>{shown?.name ? t('secret.forAddress', { name: shown.name }) : t('secret.forTask')}</p>
          <p>
            <Code data-testid="push-secret-value" className="cp-push-secret">
              {shown?.secret}
            </Code>
          </p>
          <Callout intent={Intent.WARNING} icon="warning-sign">
            {t('secret.once')}
          </Callout>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              icon={copied ? 'tick' : 'duplicate'}
              text={copied ? t('actions.copied') : t('actions.copy')}
              onClick={() => void copy()}
            />
            <Button
              intent={Intent.PRIMARY}
              text={t('actions.close')}
              data-testid="push-secret-close"
              onClick={close}
            />
          </>
        }
      />
    </Dialog>
  );
}
