// Assign a line to accounts below the caller (the owner, or a merchant passing on a line it was given).
import { Callout, Checkbox, Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { selectTelephony, telephonyActions as T } from '../slice';

export function AssignDialog() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony).assign;
  const line = useAppSelector(selectTelephony).lines.items.find((l) => l.id === s.lineId);
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => {
    setPicked(s.options.filter((o) => o.assigned).map((o) => o.id));
  }, [s.options]);
  const close = () => dispatch(T.assignClosed());
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  return (
    <Dialog
      isOpen={s.lineId !== null}
      onClose={close}
      title={t('lines.assignTitle', { name: line?.name ?? '' })}
      icon="people"
    >
      <DialogBody>
        <div data-testid="assign-dialog">
          <p>{t('lines.assignHint')}</p>
          {s.loading ? (
            <Spinner size={24} />
          ) : s.options.length === 0 ? (
            <Callout data-testid="assign-empty">{t('lines.assignEmpty')}</Callout>
          ) : (
            s.options.map((o) => (
              <Checkbox
                key={o.id}
                data-testid={`assign-account-${o.account}`}
                checked={picked.includes(o.id)}
                label={`${o.account}${o.realName ? ` (${o.realName})` : ''} · ${t(`levels.${o.level}`)}`}
                onChange={() => toggle(o.id)}
              />
            ))
          )}
        </div>
      </DialogBody>
      <DialogActions
        closeText={t('actions.cancel')}
        onClose={close}
        text={t('actions.save')}
        testId="assign-submit"
        loading={s.saving}
        disabled={s.loading}
        onClick={() =>
          s.lineId !== null && dispatch(T.assignRequested({ lineId: s.lineId, accountIds: picked }))
        }
      />
    </Dialog>
  );
}
