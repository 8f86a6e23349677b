// Training: a simulated call against the saved draft. Customer lines, silence, DTMF and hang-up go
// to the engine; every bot action is listed with its reason, a customer line with the dialogue acts
// the engine recognised in it; the end shows the facts of the call, the grade and why.
import { Button, ButtonGroup, Callout, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DialogueAct } from '../../../../../domain/bot/definition';
import type { BotAction } from '../../../../../domain/bot/session';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { messageText, useReasonText } from '../../../ui/reasonText';
import { levelLetter } from '../labels';
import { selectEditor, selectTraining } from '../slice';
import { customerActs, trainingActions as T, type ChatItem, type TrainInput } from '../slice/training';

const NO_ACTS: readonly DialogueAct[] = [];
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

function actionText(a: BotAction, t: TFunction): string {
  switch (a.type) {
    case 'play':
      return a.text;
    case 'listen':
      return t('training.action.listen', { seconds: a.waitSeconds });
    case 'sendSms':
      return t('training.action.sendSms', { id: a.templateId });
    case 'setLevel':
      return t('training.action.setLevel', { level: levelLetter(a.level) });
    case 'addLabel':
      return t('training.action.addLabel', { label: a.label });
    case 'optOut':
      return t('training.action.optOut', { sentence: a.sentence });
    case 'remind':
      return t('training.action.remind', { when: a.when?.text || t('training.noTime') });
    default:
      return t(`training.action.${a.type}`);
  }
}

function customerText(e: TrainInput, t: TFunction): string {
  if (e.type === 'asrFinal') return e.text;
  if (e.type === 'dtmf') return t('training.event.dtmf', { digit: e.digit });
  return t(`training.event.${e.type}`);
}

/** Actions the caller of a real call carries out; training only shows them. */
const WRITES_NOTHING: readonly BotAction['type'][] = ['optOut', 'remind'];
const KIND_INTENT: Partial<Record<BotAction['type'], Intent>> = {
  play: Intent.PRIMARY,
  optOut: Intent.DANGER,
  remind: Intent.WARNING,
};

function Line({ item, index, acts }: { item: ChatItem; index: number; acts: readonly DialogueAct[] }) {
  const { t } = useTranslation('bots');
  const reasonText = useReasonText();
  if (item.kind === 'customer')
    return (
      <div className="cp-bots-line cp-bots-line-customer" data-testid={`chat-${index}`} data-kind="customer">
        <Tag minimal>{t('training.customer')}</Tag> {customerText(item.event, t)}
        {acts.length > 0 && (
          <div
            className="cp-bots-tags"
            data-testid={`chat-acts-${index}`}
            aria-label={t('training.acts.title')}
          >
            {acts.map((act) => (
              <Tag key={act} minimal round data-act={act} title={act}>
                {t(`training.acts.${act}`)}
              </Tag>
            ))}
          </div>
        )}
      </div>
    );
  const a = item.action;
  return (
    <div
      className={`cp-bots-line cp-bots-line-bot cp-bots-action-${a.type}`}
      data-testid={`chat-${index}`}
      data-kind={a.type}
    >
      <Tag minimal intent={KIND_INTENT[a.type] ?? Intent.NONE}>
        {t(`training.kind.${a.type}`)}
      </Tag>{' '}
      {a.type === 'play' ? a.text : actionText(a, t)}
      {WRITES_NOTHING.includes(a.type) && (
        <div className="cp-bots-reason" data-testid="chat-note">
          {t(`training.note.${a.type}`)}
        </div>
      )}
      <div className="cp-bots-reason" data-testid="chat-reason">
        {reasonText(a.reason)}
      </div>
    </div>
  );
}

export function TrainingChat() {
  const { t, i18n } = useTranslation('bots');
  const reasonText = useReasonText();
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTraining);
  const dirty = useAppSelector(selectEditor).dirty;
  const [text, setText] = useState('');
  const live = s.started && !s.ended;
  const send = (e: TrainInput) => dispatch(T.eventRequested(e));
  const say = (ev: FormEvent) => {
    ev.preventDefault();
    if (!text.trim() || !live) return;
    send({ type: 'asrFinal', text: text.trim() });
    setText('');
  };
  return (
    <div
      className="cp-bots-training"
      data-testid="training-chat"
      data-state={s.ended ? 'ended' : live ? 'live' : 'idle'}
    >
      <div className="cp-bots-row">
        <Button
          intent={Intent.PRIMARY}
          icon="phone"
          text={s.started ? t('training.restart') : t('training.start')}
          data-testid="training-start"
          loading={s.pending && !s.started}
          onClick={() => dispatch(T.startRequested())}
        />
        {dirty && <span className="cp-bots-muted">{t('training.saveFirst')}</span>}
      </div>
      {!s.started && <p className="cp-bots-muted">{t('training.idle')}</p>}
      <div className="cp-bots-chat" data-testid="chat-lines">
        {s.items.map((item, i) => (
          <Line
            key={i}
            item={item}
            index={i}
            acts={item.kind === 'customer' ? customerActs(s.items, i) : NO_ACTS}
          />
        ))}
      </div>
      {s.ended && s.grade && (
        <Callout
          intent={Intent.SUCCESS}
          title={t('training.ended')}
          data-testid="training-grade"
          data-level={s.grade.level}
        >
          {(s.grade.facts?.length ?? 0) > 0 && (
            <div data-testid="training-grade-facts">
              <div>{t('training.facts')}</div>
              <div className="cp-bots-tags">
                {s.grade.facts!.map((f, i) => {
                  const m = s.grade!.factMessages?.[i];
                  return (
                    <Tag key={i} minimal>
                      {m ? messageText(i18n, m) : f}
                    </Tag>
                  );
                })}
              </div>
            </div>
          )}
          <div>{t('training.grade', { level: t(`level.${s.grade.level}`) })}</div>
          {s.grade.labels.length > 0 && (
            <div>{t('training.labels', { labels: s.grade.labels.join('、') })}</div>
          )}
          <div className="cp-bots-reason" data-testid="training-grade-reason">
            {reasonText(s.grade.reason)}
          </div>
          {s.llmGrade && (
            <div data-testid="training-llm-grade">{t('training.llmGrade', { grade: s.llmGrade })}</div>
          )}
        </Callout>
      )}
      {live && (
        <form className="cp-bots-row" onSubmit={say}>
          <InputGroup
            className="cp-bots-grow"
            data-testid="training-input"
            placeholder={t('training.placeholder')}
            value={text}
            onValueChange={setText}
            disabled={s.pending}
          />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text={t('training.send')}
            data-testid="training-send"
            disabled={s.pending}
          />
          <Button
            text={t('training.silence')}
            data-testid="training-silence"
            disabled={s.pending}
            onClick={() => send({ type: 'silence' })}
          />
          <ButtonGroup aria-label={t('training.dtmf')}>
            {DIGITS.map((d) => (
              <Button
                key={d}
                text={d}
                size="small"
                disabled={s.pending}
                data-testid={`training-dtmf-${d}`}
                onClick={() => send({ type: 'dtmf', digit: d })}
              />
            ))}
          </ButtonGroup>
          <Button
            intent={Intent.DANGER}
            icon="stop"
            text={t('training.hangup')}
            data-testid="training-hangup"
            disabled={s.pending}
            onClick={() => send({ type: 'hangup', by: 'customer' })}
          />
        </form>
      )}
    </div>
  );
}
