// One voice of a call (the whole-call recording or one line's stretch) played in the browser from the
// object URL the saga fetched, or why it cannot be played (not recorded, on another node, file missing,
// failed to load). Shared by the call-record drawer and the customer drawer's call history.
import { Classes, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { VoiceRef } from '../../../domain/callRecords';

export function Voice(p: { v: VoiceRef; audio: Record<string, string>; testId: string }) {
  const { t } = useTranslation('callrecords');
  if (!p.v.exists || !p.v.url)
    return (
      <span
        className={Classes.TEXT_MUTED}
        data-testid={`${p.testId}-missing`}
        data-missing={p.v.missing ?? 'fileMissing'}
      >
        {t(`detail.missing.${p.v.missing ?? 'fileMissing'}`)}
      </span>
    );
  const src = p.audio[p.v.url];
  if (!src) return <Spinner size={16} />;
  if (src === 'failed')
    return (
      <span className={Classes.TEXT_MUTED} data-testid={`${p.testId}-failed`}>
        {t('detail.audioFailed')}
      </span>
    );
  return (
    <audio
      controls
      preload="metadata"
      data-testid={p.testId}
      src={p.v.fragment ? `${src}#${p.v.fragment}` : src}
    />
  );
}
