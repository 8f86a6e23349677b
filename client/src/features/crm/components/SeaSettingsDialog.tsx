// Sea settings for merchants and the super admin: auto release (1..365 days, empty: never) and the
// daily claim limit (0..10000).
import { Callout, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../ui/DialogActions';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { TextField } from '../../../ui/TextField';
import { selectSeaSettings } from '../slice';
import { seaSettingsActions as S } from '../slice/seaSettings';
import type { FieldErrors, SeaSettingsInput } from '../types';
import { hasErrors, validateSeaSettings } from '../validation';

export function SeaSettingsDialog() {
  const { t } = useTranslation(['crm', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSeaSettings);
  const [v, setV] = useState<SeaSettingsInput>({ autoReleaseDays: '', dailyClaimLimit: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!s.open) return;
    setErrors({});
    setV({
      autoReleaseDays: s.settings?.autoReleaseDays == null ? '' : String(s.settings.autoReleaseDays),
      dailyClaimLimit: s.settings ? String(s.settings.dailyClaimLimit) : '',
    });
  }, [s.open, s.settings]);

  const error = (k: keyof SeaSettingsInput) => {
    const e = errors[k] ?? s.fieldErrors[k];
    return e ? t(e) : undefined;
  };
  const save = () => {
    const e = validateSeaSettings(v);
    setErrors(e);
    if (!hasErrors(e)) dispatch(S.saveRequested(v));
  };
  const close = () => dispatch(S.closed());

  return (
    <Dialog isOpen={s.open} onClose={close} title={t('seaSettings.title')} icon="cog">
      <DialogBody>
        <div data-testid="sea-settings-dialog">
          <TextField
            id="sea-autoReleaseDays"
            label={t('seaSettings.autoReleaseDays')}
            helper={t('seaSettings.autoReleaseHint')}
            value={v.autoReleaseDays}
            error={error('autoReleaseDays')}
            onChange={(autoReleaseDays) => setV({ ...v, autoReleaseDays })}
          />
          <TextField
            id="sea-dailyClaimLimit"
            label={t('seaSettings.dailyClaimLimit')}
            helper={t('seaSettings.dailyClaimHint')}
            value={v.dailyClaimLimit}
            error={error('dailyClaimLimit')}
            onChange={(dailyClaimLimit) => setV({ ...v, dailyClaimLimit })}
          />
          {s.formError && (
            <Callout intent={Intent.DANGER} data-testid="sea-settings-error">
              {s.formError}
            </Callout>
          )}
        </div>
      </DialogBody>
      <DialogActions
        closeText={t('common:actions.cancel')}
        onClose={close}
        loading={s.saving}
        text={t('actions.save')}
        testId="sea-settings-save"
        onClick={save}
      />
    </Dialog>
  );
}
