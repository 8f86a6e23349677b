// The drawer's call history: the customer's calls newest first (time, direction, grade, talk time),
// one opened at a time with the reason for its grade, the full recording and the conversation with
// each line's voice. A voice whose file is missing or failed to load says so.
import { Button, Callout, Classes, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CallRecordDetail } from '../../../../../domain/callRecords';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { GradeTag } from '../../../ui/GradeTag';
import { Voice } from '../../../ui/Voice';
import { selectCustomerCalls } from '../slice';
import { customerCallsActions as K } from '../slice/customerCalls';
import { LoadMore } from '../../../ui/LoadMore';
import { useReasonText } from '../../../ui/reasonText';

function CallBody({ d, audio }: { d: CallRecordDetail; audio: Record<string, string> }) {
  const { t } = useTranslation('crm');
  // In the reader's language when the reason has a code, else as stored.
  const reason = useReasonText()(d.reason);
  return (
    <div className="cp-crm-call" data-testid={`call-detail-${d.callUuid}`}>
      <dl className="cp-crm-details">
        <div>
          <dt className={Classes.TEXT_MUTED}>{t('drawer.reason')}</dt>
          <dd data-testid="call-reason">{reason || t('drawer.noReason')}</dd>
        </div>
        {d.llmGrade && (
          <div>
            <dt className={Classes.TEXT_MUTED}>{t('drawer.llmGrade')}</dt>
            <dd>{d.llmGrade}</dd>
          </div>
        )}
        <div>
          <dt className={Classes.TEXT_MUTED}>{t('drawer.recording')}</dt>
          <dd>
            {d.recording ? (
              <Voice v={{ ...d.recording, fragment: null }} audio={audio} testId="call-recording" />
            ) : (
              <span className={Classes.TEXT_MUTED}>{t('drawer.noRecording')}</span>
            )}
          </dd>
        </div>
      </dl>
      <strong>{t('drawer.transcript')}</strong>
      {d.lines.length === 0 && <p className={Classes.TEXT_MUTED}>{t('drawer.noLines')}</p>}
      <ol className="cp-crm-transcript" data-testid="call-transcript">
        {d.lines.map((l) => (
          <li key={l.seq} className={`cp-crm-line-${l.khtype}`}>
            <strong>{t(`drawer.${l.khtype}`)}</strong>
            <span className={Classes.TEXT_MUTED}> {formatDateTime(l.inserttime)}</span>
            <div data-testid={`call-line-${l.seq}`}>{l.khcontent}</div>
            {l.voices.map((v, i) => (
              <div key={i}>
                <Voice v={v} audio={audio} testId={`call-line-audio-${l.seq}-${i}`} />
              </div>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function CustomerCalls() {
  const { t } = useTranslation('crm');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCustomerCalls);
  if (s.error)
    return (
      <Callout intent={Intent.WARNING} data-testid="calls-error">
        {t('drawer.callsFailed')}: {s.error}
      </Callout>
    );
  if (!s.loading && s.items.length === 0)
    return <NonIdealState icon="phone" description={t('drawer.callsEmpty')} />;
  return (
    <>
      <ul className="cp-crm-timeline" data-testid="customer-calls">
        {s.items.map((c) => {
          const open = s.openUuid === c.callUuid;
          return (
            <li key={c.id} data-testid={`customer-call-${c.id}`} data-uuid={c.callUuid}>
              <div className="cp-crm-call-head">
                <small className={Classes.TEXT_MUTED}>{formatDateTime(c.createdAt)}</small>{' '}
                <span>{t(`drawer.direction.${c.direction}`)}</span>{' '}
                <GradeTag code={c.gradeCode} testId={`customer-call-grade-${c.id}`} />{' '}
                <span>{t('drawer.seconds', { n: Math.round(c.talkMs / 1000) })}</span>{' '}
                {c.taskName && <span className={Classes.TEXT_MUTED}>{c.taskName}</span>}{' '}
                <Button
                  size="small"
                  variant="minimal"
                  icon={open ? 'chevron-up' : 'play'}
                  text={open ? t('drawer.callClose') : t('drawer.callOpen')}
                  data-testid={`customer-call-open-${c.id}`}
                  onClick={() => dispatch(K.callToggled(c.callUuid))}
                />
              </div>
              {open && s.detailError && (
                <Callout intent={Intent.WARNING} data-testid="call-detail-error">
                  {s.detailError}
                </Callout>
              )}
              {open && !s.detail && !s.detailError && <Spinner size={20} />}
              {open && s.detail && <CallBody d={s.detail} audio={s.audio} />}
            </li>
          );
        })}
      </ul>
      {s.loading && <Spinner size={20} />}
      <LoadMore
        hasMore={s.next !== null}
        loading={s.loading}
        onClick={() => dispatch(K.moreRequested())}
        testId="calls-more"
      />
    </>
  );
}
