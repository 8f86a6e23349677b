// One record: its fields, the engine's reason for the result, the whole-call recording, and the
// conversation (robot and customer lines, each with its voice played in the browser and the engine's
// reason for a robot line). A voice that cannot be played says why (not recorded, on another node,
// file missing).
import { Callout, Classes, Drawer, DrawerSize, H5, Intent, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallRecordDetail } from '../../../../../domain/callRecords';
import { formatDateTime } from '../../../../../domain/format';
import { OutcomeTag } from '../../../ui/OutcomeTag';
import { useReasonText } from '../../../ui/reasonText';
import { Voice } from '../../../ui/Voice';
import { seconds } from './RecordTable';

function Fields({ d }: { d: CallRecordDetail }) {
  const { t } = useTranslation('callrecords');
  const rows: [string, ReactNode][] = [
    [t('columns.time'), formatDateTime(d.createdAt)],
    [t('columns.phone'), d.phone],
    [t('columns.name'), d.name],
    [t('columns.grade'), <OutcomeTag code={d.gradeCode} callStatus={d.callStatus} testId="detail-grade" />],
    [t('columns.callStatus'), t(`results:status.${d.callStatus}`)],
    [t('columns.talk'), seconds(d.talkMs)],
    [t('columns.ring'), seconds(d.ringMs)],
    [t('columns.total'), seconds(d.totalMs)],
    [t('detail.rounds'), d.rounds],
    [t('columns.intention'), d.intentionLabel],
    [t('columns.score'), d.score ?? ''],
    [t('columns.llmGrade'), d.llmGrade ?? ''],
    [t('columns.labels'), d.labels.join(t('labelSep'))],
    [t('columns.task'), d.taskName ?? ''],
    [t('columns.bot'), d.botName ?? ''],
    [t('columns.line'), d.lineName ?? ''],
    [t('detail.hangup'), [d.hangupCause, d.sipStatus].filter((x) => x !== null).join(' / ')],
    [t('columns.callId'), d.callUuid],
  ];
  return (
    <dl className="cp-crm-details" data-testid="detail-fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className={Classes.TEXT_MUTED}>{label}</dt>
          <dd>{value === '' || value === null ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RecordDrawer(p: {
  isOpen: boolean;
  detail: CallRecordDetail | null;
  loading: boolean;
  error: string | null;
  audio: Record<string, string>;
  onClose(): void;
}) {
  const { t } = useTranslation('callrecords');
  // Reasons in the reader's language (a coded reason), or as stored (an older one).
  const reasonText = useReasonText();
  const d = p.detail;
  const reason = d && reasonText(d.reason);
  return (
    <Drawer
      isOpen={p.isOpen}
      onClose={p.onClose}
      size={DrawerSize.STANDARD}
      title={t('detail.title')}
      icon="phone"
    >
      <div className="cp-crm-drawer" data-testid="record-drawer">
        {p.loading && <Spinner />}
        {p.error && (
          <Callout intent={Intent.DANGER} data-testid="detail-error">
            {p.error}
          </Callout>
        )}
        {d && (
          <>
            <Fields d={d} />
            <H5>{t('detail.reason')}</H5>
            <p data-testid="detail-reason">{reason ?? t('detail.noReason')}</p>
            <H5>{t('detail.recording')}</H5>
            <Voice v={{ ...d.recording, fragment: null }} audio={p.audio} testId="detail-recording" />
            <H5 className="cp-crm-gap">{t('detail.transcript')}</H5>
            {d.lines.length === 0 && <p className={Classes.TEXT_MUTED}>{t('detail.noLines')}</p>}
            <ol className="cp-cr-transcript" data-testid="transcript">
              {d.lines.map((l) => {
                const why = l.khtype === 'robot' ? reasonText(l.reason) : null;
                return (
                  <li key={l.seq} className={`cp-cr-line cp-cr-${l.khtype}`} data-testid={`line-${l.seq}`}>
                    <strong>{t(`detail.${l.khtype}`)}</strong>
                    <span className={Classes.TEXT_MUTED}> {formatDateTime(l.inserttime)}</span>
                    <div data-testid={`line-text-${l.seq}`}>{l.khcontent}</div>
                    {l.voices.map((v, i) => (
                      <div key={i}>
                        <Voice v={v} audio={p.audio} testId={`line-audio-${l.seq}-${i}`} />
                      </div>
                    ))}
                    {why && (
                      <div className={Classes.TEXT_MUTED} data-testid={`line-reason-${l.seq}`}>
                        {t('detail.lineReason', { reason: why })}
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </div>
    </Drawer>
  );
}
