// Environment check: browser support, a speaker test tone, and microphone permission with a live
// level meter. Each part says pass or fail and what to do about a failure.
import { Button, Callout, Card, H5, Icon, Intent, ProgressBar } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BROWSER_FEATURES,
  HEARD_LEVEL,
  TONE_HZ,
  TONE_MS,
  allSupported,
  browserSupport,
  levelOf,
  micProblem,
  type BrowserLike,
  type MicProblem,
} from '../envCheck';

type AudioCtor = typeof AudioContext;
const audioContextClass = (): AudioCtor | undefined =>
  window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioCtor }).webkitAudioContext;

function Verdict({ ok, testId, text }: { ok: boolean; testId: string; text: string }) {
  return (
    <Callout
      intent={ok ? Intent.SUCCESS : Intent.DANGER}
      icon={ok ? 'tick-circle' : 'error'}
      data-testid={testId}
      data-ok={ok}
    >
      {text}
    </Callout>
  );
}

function BrowserCard() {
  const { t } = useTranslation('personal');
  const [support] = useState(() => browserSupport(window as unknown as BrowserLike));
  const ok = allSupported(support);
  return (
    <Card data-testid="env-browser">
      <H5>{t('env.browser.title')}</H5>
      <ul className="cp-env-list">
        {BROWSER_FEATURES.map((f) => (
          <li key={f} data-testid={`env-feature-${f}`} data-ok={support[f]}>
            <Icon icon={support[f] ? 'tick' : 'cross'} intent={support[f] ? Intent.SUCCESS : Intent.DANGER} />{' '}
            {t(`env.browser.features.${f}`)}
            {!support[f] && <span className="cp-env-advice"> — {t(`env.browser.advice.${f}`)}</span>}
          </li>
        ))}
      </ul>
      <Verdict ok={ok} testId="env-browser-verdict" text={t(ok ? 'env.browser.ok' : 'env.browser.fail')} />
    </Card>
  );
}

type SpeakerState = 'idle' | 'playing' | 'played' | 'heard' | 'notHeard' | 'failed';

function SpeakerCard() {
  const { t } = useTranslation('personal');
  const [state, setState] = useState<SpeakerState>('idle');
  const ctxRef = useRef<AudioContext | null>(null);
  useEffect(() => () => void ctxRef.current?.close().catch(() => undefined), []);

  async function play() {
    const Ctor = audioContextClass();
    if (!Ctor) return setState('failed');
    try {
      await ctxRef.current?.close().catch(() => undefined);
      const ctx = new Ctor();
      ctxRef.current = ctx;
      await ctx.resume();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = TONE_HZ;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(ctx.destination);
      osc.onended = () => {
        setState('played');
        void ctx.close().catch(() => undefined);
      };
      setState('playing');
      osc.start();
      osc.stop(ctx.currentTime + TONE_MS / 1000);
    } catch {
      setState('failed');
    }
  }

  return (
    <Card data-testid="env-speaker" data-state={state}>
      <H5>{t('env.speaker.title')}</H5>
      <p>{t('env.speaker.help')}</p>
      <Button
        icon="volume-up"
        text={t(state === 'idle' ? 'env.speaker.play' : 'env.speaker.again')}
        loading={state === 'playing'}
        onClick={() => void play()}
        data-testid="env-speaker-play"
      />
      {state === 'played' && (
        <div className="cp-env-question" data-testid="env-speaker-question">
          <span>{t('env.speaker.question')}</span>
          <Button
            intent={Intent.SUCCESS}
            text={t('env.speaker.yes')}
            onClick={() => setState('heard')}
            data-testid="env-speaker-yes"
          />
          <Button
            text={t('env.speaker.no')}
            onClick={() => setState('notHeard')}
            data-testid="env-speaker-no"
          />
        </div>
      )}
      {state === 'heard' && <Verdict ok testId="env-speaker-verdict" text={t('env.speaker.ok')} />}
      {state === 'notHeard' && (
        <Verdict ok={false} testId="env-speaker-verdict" text={t('env.speaker.notHeard')} />
      )}
      {state === 'failed' && (
        <Verdict ok={false} testId="env-speaker-verdict" text={t('env.speaker.failed')} />
      )}
    </Card>
  );
}

type MicState =
  { kind: 'idle' } | { kind: 'asking' } | { kind: 'listening' } | { kind: 'failed'; problem: MicProblem };

function MicrophoneCard() {
  const { t } = useTranslation('personal');
  const [state, setState] = useState<MicState>({ kind: 'idle' });
  const [level, setLevel] = useState(0);
  const [peak, setPeak] = useState(0);
  const [device, setDevice] = useState('');
  const stopRef = useRef<(() => void) | null>(null);

  const stop = () => {
    stopRef.current?.();
    stopRef.current = null;
  };
  useEffect(() => stop, []);

  async function start() {
    stop();
    setPeak(0);
    setLevel(0);
    const Ctor = audioContextClass();
    if (!navigator.mediaDevices?.getUserMedia || !Ctor)
      return setState({ kind: 'failed', problem: 'unsupported' });
    setState({ kind: 'asking' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (e) {
      return setState({ kind: 'failed', problem: micProblem(e) });
    }
    const ctx = new Ctor();
    await ctx.resume().catch(() => undefined);
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 1024;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const buf = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(buf);
      const l = levelOf(buf);
      setLevel(l);
      setPeak((p) => Math.max(p, l));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    setDevice(stream.getAudioTracks()[0]?.label ?? '');
    stopRef.current = () => {
      cancelAnimationFrame(frame);
      for (const track of stream.getTracks()) track.stop();
      void ctx.close().catch(() => undefined);
    };
    setState({ kind: 'listening' });
  }

  const heard = peak >= HEARD_LEVEL;
  return (
    <Card data-testid="env-mic" data-state={state.kind}>
      <H5>{t('env.mic.title')}</H5>
      <p>{t('env.mic.help')}</p>
      {state.kind === 'listening' ? (
        <Button
          icon="stop"
          text={t('env.mic.stop')}
          onClick={() => {
            stop();
            setState({ kind: 'idle' });
          }}
          data-testid="env-mic-stop"
        />
      ) : (
        <Button
          icon="microphone"
          text={t('env.mic.start')}
          loading={state.kind === 'asking'}
          onClick={() => void start()}
          data-testid="env-mic-start"
        />
      )}
      {state.kind === 'listening' && (
        <div className="cp-env-meter">
          {device && <p data-testid="env-mic-device">{t('env.mic.device', { name: device })}</p>}
          <ProgressBar
            value={level / 100}
            stripes={false}
            animate={false}
            intent={heard ? Intent.SUCCESS : Intent.PRIMARY}
          />
          <span data-testid="env-mic-level" data-level={level} data-peak={peak}>
            {t('env.mic.level', { level, peak })}
          </span>
          {heard ? (
            <Verdict ok testId="env-mic-verdict" text={t('env.mic.ok')} />
          ) : (
            <Callout intent={Intent.PRIMARY} data-testid="env-mic-waiting">
              {t('env.mic.speak')}
            </Callout>
          )}
        </div>
      )}
      {state.kind === 'failed' && (
        <Verdict ok={false} testId="env-mic-verdict" text={t(`env.mic.problems.${state.problem}`)} />
      )}
    </Card>
  );
}

export function EnvCheck() {
  return (
    <div className="cp-env-grid" data-testid="env-check">
      <BrowserCard />
      <SpeakerCard />
      <MicrophoneCard />
    </div>
  );
}
