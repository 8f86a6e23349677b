// The picked call's live transcript: the lines so far, then call:line / call:partial of its room.
import { Button, Card, Callout, H5, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WallTranscript } from '../slice';

export function TranscriptPanel({
  transcript,
  onClose,
}: {
  transcript: WallTranscript;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallboard');
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [transcript.lines, transcript.partial]);
  return (
    <Card
      className="cp-wall-panel cp-wall-transcript"
      data-testid="wall-transcript"
      data-uuid={transcript.callUuid}
    >
      <div className="cp-wall-panel-head">
        <H5>{t('transcript.title')}</H5>
        <Button
          size="small"
          variant="minimal"
          icon="cross"
          aria-label={t('transcript.close')}
          onClick={onClose}
        />
      </div>
      {transcript.status === 'loading' && <Spinner size={20} />}
      {transcript.status === 'failed' && <Callout intent={Intent.WARNING}>{t('transcript.failed')}</Callout>}
      {transcript.status === 'on' && transcript.lines.length === 0 && !transcript.partial && (
        <p className="cp-wall-empty">{t('transcript.none')}</p>
      )}
      <ol className="cp-wall-lines" ref={box} data-testid="wall-transcript-lines">
        {transcript.lines.map((l) => (
          <li key={l.seq} className={`cp-wall-line cp-wall-${l.khtype}`} data-speaker={l.khtype}>
            <span className="cp-wall-who">{t(`transcript.speaker.${l.khtype}`)}</span>
            {l.khcontent}
          </li>
        ))}
        {transcript.partial && (
          <li className="cp-wall-line cp-wall-customer cp-wall-partial" data-testid="wall-partial">
            <span className="cp-wall-who">{t('transcript.speaker.customer')}</span>
            {transcript.partial}…
          </li>
        )}
      </ol>
    </Card>
  );
}
