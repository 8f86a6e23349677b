// What a FreeSWITCH node can do, as its media worker probed it on connect (domain/fsProbe.ts):
// recognizer modules, beep detection (mod_avmd), the line codecs it has and each line gateway's state.
import { Tag, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CODEC_NAMES, type NodeProbe } from '../../../../../domain/fsProbe';
import { CODECS } from '../../../../../domain/telephony-config';

const RECOGNIZERS = ['mod_unimrcp', 'mod_google_transcribe'] as const;
/** Line and voice gateways only (the stock example gateways say nothing about our lines). */
const OUR_GATEWAY = /^(line|vgw)-\d+$/;

export function NodeProbeCell({ probe, testId }: { probe: NodeProbe | null | undefined; testId: string }) {
  const { t } = useTranslation('telephony');
  if (!probe) return <span data-testid={testId}>{t('probe.none')}</span>;
  const has = (v: boolean | undefined) =>
    v === undefined ? t('probe.unknown') : v ? t('probe.yes') : t('probe.no');
  const recognizers = RECOGNIZERS.filter((m) => probe.modules[m]);
  const gateways = (probe.gateways ?? []).filter((g) => OUR_GATEWAY.test(g.name));
  return (
    <div className="cp-node-probe" data-testid={testId}>
      <div>
        {t('probe.recognizers')}:{' '}
        {recognizers.length
          ? recognizers.join(', ')
          : RECOGNIZERS.some((m) => probe.modules[m] === undefined)
            ? t('probe.unknown')
            : t('probe.noRecognizer')}
      </div>
      <div>
        {t('probe.avmd')}: {has(probe.modules.mod_avmd)}
      </div>
      <div>
        {t('probe.codecs')}:{' '}
        {probe.codecs
          ? CODECS.filter((c) => probe.codecs!.includes(CODEC_NAMES[c])).join(', ') || t('probe.noCodec')
          : t('probe.unknown')}
      </div>
      <div>
        {t('probe.gateways')}:{' '}
        {probe.gateways === null
          ? t('probe.unknown')
          : gateways.length === 0
            ? t('probe.noGateway')
            : gateways.map((g) => (
                <Tag
                  key={g.name}
                  minimal
                  intent={g.status === 'DOWN' ? Intent.DANGER : Intent.SUCCESS}
                  data-testid={`${testId}-${g.name}`}
                  className="cp-node-probe-gw"
                >
                  {g.name}: {g.status === 'DOWN' ? t('probe.down') : t('probe.up')} ({g.state})
                </Tag>
              ))}
      </div>
    </div>
  );
}
