// The picked call's live transcript, in a drawer over the right edge (the seat grid stays where it
// is): titled with the call's number (masked as listed), its task and its seat; the lines so far,
// then call:line / call:partial of its room.
import { Button, Callout, H4, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WallboardView } from '../../../../../domain/wallboard';
import type { WallTranscript } from '../slice';

export function TranscriptPanel({
  transcript,
  view,
  onClose,
}: {
  transcript: WallTranscript;
  view: WallboardView;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallboard');
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [transcript.lines, transcript.partial]);
  const info = transcript.info;
  const taskId = info?.taskId ?? null;
  const seatId = info?.seatId ?? null;
  const task =
    taskId === null
      ? t('groups.none.task')
      : (view.tasks.find((x) => x.id === taskId)?.name ?? t('groups.task', { id: taskId }));
  const seat =
    seatId === null
      ? t('groups.none.seat')
      : (view.seats.find((x) => x.id === seatId)?.name ?? t('groups.seat', { id: seatId }));
  const titleId = `wall-transcript-title-${transcript.callUuid}`;
  return (
    <aside
      className="cp-wall-drawer"
      aria-labelledby={titleId}
      data-testid="wall-transcript"
      data-uuid={transcript.callUuid}
    >
      <div className="cp-wall-drawer-head">
        <div>
          <div className="cp-wall-muted">{t('transcript.title')}</div>
          <H4 id={titleId} className="cp-wall-drawer-title" data-testid="wall-transcript-title">
            {t('transcript.heading', { phone: info?.phoneMasked ?? t('calls.unknownPhone') })}
          </H4>
          <div className="cp-wall-drawer-meta" data-testid="wall-transcript-meta">
            {t('transcript.meta', { task, seat })}
          </div>
        </div>
        <Button
          variant="minimal"
          icon="cross"
          aria-label={t('transcript.close')}
          data-testid="wall-transcript-close"
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
    </aside>
  );
}
