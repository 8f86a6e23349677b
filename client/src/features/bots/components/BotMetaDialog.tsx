// New bot, edit its name/industry/description, copy or clone under a new name (name 2–50).
import { Dialog, DialogBody } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotCreateRequest } from '../../../../../domain/bot/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { nameError } from '../model/validate';
import { selectBotList } from '../slice';
import { listActions as L } from '../slice/list';
import { TextInput } from './fields';
import { newRequestId } from '../../../app/requestId';

const EMPTY: BotCreateRequest = { name: '', industry: '', industrySubtype: '', description: '' };

export function BotMetaDialog() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBotList);
  const d = s.dialog;
  const kind =
    d && (d.kind === 'create' || d.kind === 'edit' || d.kind === 'copy' || d.kind === 'clone')
      ? d.kind
      : null;
  const [v, setV] = useState<BotCreateRequest>(EMPTY);
  const [tried, setTried] = useState(false);
  // One idempotency key per opened create dialog: a double submit creates one bot.
  const [requestId, setRequestId] = useState('');
  useEffect(() => {
    if (!d || !kind) return;
    setTried(false);
    setRequestId(newRequestId());
    if (d.kind === 'edit')
      setV({
        name: d.bot.name,
        industry: d.bot.industry,
        industrySubtype: d.bot.industrySubtype,
        description: d.bot.description,
      });
    else if (d.kind === 'copy' || d.kind === 'clone') setV({ ...EMPTY, name: `${d.bot.name}-2` });
    else setV(EMPTY);
  }, [d, kind]);
  if (!kind || !d) return null;
  const nameOnly = kind === 'copy' || kind === 'clone';
  const err = tried ? nameError(v.name) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nameError(v.name)) return;
    const body = { ...v, name: v.name.trim() };
    if (d.kind === 'create') dispatch(L.createRequested({ ...body, requestId }));
    else if (d.kind === 'edit') dispatch(L.metaRequested({ id: d.bot.id, body }));
    else if (d.kind === 'copy') dispatch(L.copyRequested({ id: d.bot.id, name: body.name }));
    else if (d.kind === 'clone') dispatch(L.cloneRequested({ id: d.bot.id, name: body.name }));
  };
  const title = {
    create: t('dialog.create'),
    edit: t('dialog.meta'),
    copy: t('dialog.copy'),
    clone: t('dialog.clone'),
  }[kind];
  const set = (k: keyof BotCreateRequest) => (x: string) => setV({ ...v, [k]: x });
  return (
    <Dialog isOpen onClose={() => dispatch(L.dialogOpened(null))} title={title} icon="predictive-analysis">
      <form onSubmit={submit} noValidate data-testid="bot-dialog">
        <DialogBody>
          <TextInput
            id="bot-name"
            label={nameOnly ? t('dialog.copyName') : t('list.name')}
            value={v.name}
            error={err}
            onChange={set('name')}
          />
          {!nameOnly && (
            <>
              <TextInput
                id="bot-industry"
                label={t('list.industry')}
                value={v.industry}
                onChange={set('industry')}
              />
              <TextInput
                id="bot-subtype"
                label={t('list.subtype')}
                value={v.industrySubtype}
                onChange={set('industrySubtype')}
              />
              <TextInput
                id="bot-description"
                label={t('list.description')}
                value={v.description}
                onChange={set('description')}
              />
            </>
          )}
          <ErrorCallout error={s.error} testId="bot-dialog-error" />
        </DialogBody>
        <DialogActions
          closeText={t('actions.cancel')}
          onClose={() => dispatch(L.dialogOpened(null))}
          text={t('actions.ok')}
          loading={s.pending}
          testId="bot-dialog-submit"
          submit
        />
      </form>
    </Dialog>
  );
}
