// The private-target switch (changed by the super administrator only) and the task push secret.
import { Button, Callout, H4, Intent, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { pushesActions as P, selectPushes } from '../slice';

export function PlatformSection() {
  const { t } = useTranslation('pushes');
  const dispatch = useAppDispatch();
  const platform = useAppSelector(selectPushes).platform;
  if (!platform) return null;
  return (
    <section className="cp-push-section" data-testid="push-platform">
      <H4>{t('platform.title')}</H4>
      <Callout
        intent={platform.allowPrivateTargets ? Intent.WARNING : Intent.PRIMARY}
        icon={platform.allowPrivateTargets ? 'unlock' : 'shield'}
      >
        {platform.allowPrivateTargets ? t('platform.allowed') : t('platform.blocked')}
      </Callout>
      {platform.canChange ? (
        <Switch
          className="cp-push-switch"
          label={t('platform.switch')}
          checked={platform.allowPrivateTargets}
          data-testid="push-allow-private"
          onChange={(e) => dispatch(P.platformChangeRequested(e.currentTarget.checked))}
        />
      ) : (
        <p className="cp-push-hint">{t('platform.readOnly')}</p>
      )}
    </section>
  );
}

export function TaskSecretSection() {
  const { t } = useTranslation('pushes');
  const dispatch = useAppDispatch();
  const secret = useAppSelector(selectPushes).taskSecret;
  return (
    <section className="cp-push-section" data-testid="push-task-secret">
      <H4>{t('taskSecret.title')}</H4>
      <p className="cp-push-hint">{t('taskSecret.hint')}</p>
      <div className="cp-push-bar">
        <span data-testid="push-task-secret-state">
          {secret?.set && secret.rotatedAt
            ? t('taskSecret.set', { at: formatDateTime(secret.rotatedAt) })
            : t('taskSecret.notSet')}
        </span>
        <Button
          icon="key"
          text={secret?.set ? t('actions.rotate') : t('actions.generate')}
          data-testid="push-task-secret-rotate"
          onClick={() => dispatch(P.taskSecretRotateRequested())}
        />
      </div>
    </section>
  );
}

export function DocsSection() {
  const { t } = useTranslation('pushes');
  return (
    <section className="cp-push-section" data-testid="push-docs">
      <H4>{t('docs.title')}</H4>
      <Callout icon="info-sign">
        <p>{t('docs.body')}</p>
        <p>{t('docs.headers')}</p>
        <p>{t('docs.verify')}</p>
        <p>{t('docs.retry')}</p>
      </Callout>
    </section>
  );
}
