// The super administrator's outbound allow-list: one host per line. Requests the platform makes to
// addresses tenants typed (LLM, pushes, TTS) refuse loopback, private and reserved addresses unless
// their host is listed here.
import { Button, Callout, H4, Intent, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { hostsOfText, outboundActions as O, selectOutbound } from '../slice';
import '../outbound.css';

export function AllowListSection() {
  const { t } = useTranslation('outbound');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectOutbound);
  const [text, setText] = useState('');
  useEffect(() => {
    dispatch(O.loadRequested());
  }, [dispatch]);
  // The box shows what the server keeps (normalised) after a load or a save.
  useEffect(() => {
    setText(s.hosts.join('\n'));
  }, [s.hosts, s.savedAt]);
  return (
    <section className="cp-outbound" data-testid="outbound-allowlist">
      <H4>{t('title')}</H4>
      <Callout icon="shield" intent={Intent.PRIMARY}>
        {t('hint')}
      </Callout>
      <TextArea
        fill
        rows={5}
        value={text}
        placeholder={t('placeholder')}
        aria-label={t('title')}
        data-testid="outbound-hosts"
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {s.error && (
        <Callout intent={Intent.DANGER} data-testid="outbound-error">
          {s.error}
        </Callout>
      )}
      <Button
        icon="floppy-disk"
        intent={Intent.PRIMARY}
        text={t('save')}
        loading={s.saving}
        disabled={!s.loaded}
        data-testid="outbound-save"
        onClick={() => dispatch(O.saveRequested(hostsOfText(text)))}
      />
      {s.savedAt !== null && !s.error && !s.saving && (
        <span className="cp-outbound-saved" data-testid="outbound-saved">
          {t('saved', { count: s.hosts.length })}
        </span>
      )}
    </section>
  );
}
