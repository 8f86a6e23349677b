// Add numbers to the current blacklist; the reply lists duplicates and invalid lines.
import { Callout, Dialog, DialogBody, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../ui/DialogActions';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectBlacklist } from '../slice';
import { blacklistActions as B, splitPhones } from '../slice/blacklist';

export function BlacklistAddDialog() {
  const { t } = useTranslation(['crm', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBlacklist);
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (!s.addOpen) return;
    setText('');
    setReason('');
  }, [s.addOpen]);

  const phones = splitPhones(text);
  const close = () => dispatch(B.addOpened(false));
  return (
    <Dialog isOpen={s.addOpen} onClose={close} title={t('blacklist.add')} icon="disable">
      <DialogBody>
        <div data-testid="blacklist-dialog">
          <FormGroup label={t('blacklist.phones')} labelFor="blacklist-phones">
            <TextArea
              id="blacklist-phones"
              data-testid="blacklist-phones"
              fill
              rows={6}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
          </FormGroup>
          <FormGroup label={t('blacklist.reason')} labelFor="blacklist-reason">
            <InputGroup id="blacklist-reason" maxLength={200} value={reason} onValueChange={setReason} />
          </FormGroup>
          {s.result && (
            <Callout
              intent={s.result.invalid.length ? Intent.WARNING : Intent.SUCCESS}
              data-testid="blacklist-result"
            >
              {t('blacklist.result', {
                added: s.result.added,
                duplicates: s.result.duplicates,
                invalid: s.result.invalid.length,
              })}
              {s.result.invalid.slice(0, 20).map((x) => (
                <div key={x.index}>{t('blacklist.invalidLine', { line: x.index + 1, value: x.value })}</div>
              ))}
            </Callout>
          )}
        </div>
      </DialogBody>
      <DialogActions
        closeText={t('common:actions.close')}
        onClose={close}
        disabled={phones.length === 0}
        loading={s.adding}
        text={t('blacklist.submit')}
        testId="blacklist-submit"
        onClick={() => dispatch(B.addRequested({ phones, reason: reason.trim() }))}
      />
    </Dialog>
  );
}
