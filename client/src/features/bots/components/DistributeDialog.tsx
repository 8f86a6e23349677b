// A merchant hands a bot to subordinate accounts: as independent copies or kept in sync.
import { Checkbox, Dialog, DialogBody, FormGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { selectMe } from '../../auth/slice';
import { selectBotList } from '../slice';
import { listActions as L } from '../slice/list';

export function DistributeDialog() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBotList);
  const me = useAppSelector(selectMe);
  const d = s.dialog?.kind === 'distribute' ? s.dialog : null;
  const [ids, setIds] = useState<number[]>([]);
  const [mode, setMode] = useState<'copy' | 'sync'>('copy');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setIds([]);
    setMode('copy');
    setTried(false);
  }, [d?.bot.id]);
  if (!d) return null;
  const accounts = s.accounts.filter((a) => a.id !== me?.id);
  const toggle = (id: number) => setIds(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);
  const submit = () => {
    setTried(true);
    if (ids.length > 0) dispatch(L.distributeRequested({ id: d.bot.id, accountIds: ids, mode }));
  };
  return (
    <Dialog
      isOpen
      onClose={() => dispatch(L.dialogOpened(null))}
      icon="share"
      title={t('distribute.title', { name: d.bot.name })}
    >
      <DialogBody>
        <div data-testid="distribute-dialog">
          <FormGroup
            label={t('distribute.accounts')}
            intent={tried && ids.length === 0 ? Intent.DANGER : Intent.NONE}
            helperText={tried && ids.length === 0 ? t('validation.accounts') : undefined}
          >
            {accounts.length === 0 && <p className="cp-bots-muted">{t('distribute.none')}</p>}
            {accounts.map((a) => (
              <Checkbox
                key={a.id}
                label={`${a.account}${a.realName ? ` (${a.realName})` : ''}`}
                checked={ids.includes(a.id)}
                data-testid={`distribute-${a.account}`}
                onChange={() => toggle(a.id)}
              />
            ))}
          </FormGroup>
          <RadioGroup
            label={t('distribute.mode')}
            selectedValue={mode}
            onChange={(e) => setMode(e.currentTarget.value as 'copy' | 'sync')}
          >
            <Radio value="copy" label={t('distribute.copy')} />
            <Radio value="sync" label={t('distribute.sync')} />
          </RadioGroup>
          <ErrorCallout error={s.error} />
        </div>
      </DialogBody>
      <DialogActions
        closeText={t('actions.cancel')}
        onClose={() => dispatch(L.dialogOpened(null))}
        text={t('actions.distribute')}
        loading={s.pending}
        testId="distribute-submit"
        onClick={submit}
      />
    </Dialog>
  );
}
