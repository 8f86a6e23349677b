// 全局话术 / Global handling (settings.global): what every bot does on the dialogue acts that are the
// same whatever the script (ask for a human, call later, stop calling, are you a robot, …) and the AI
// disclosure said before the first words. A document without `global` shows the defaults.
import { H5, H6, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  globalHandlingOf,
  type BotSettings,
  type GlobalHandler,
  type GlobalHandling,
  type Prompt,
} from '../../../../../domain/bot/definition';
import { changedGlobal } from '../model/edit';
import { validateGlobal } from '../model/validate';
import { PromptsEditor } from './PromptsEditor';
import { TextInput } from './fields';

/** The handlers, in the order the form shows them; the optional ones only once the contract has them. */
export const GLOBAL_HANDLERS = [
  'askHuman',
  'callLater',
  'optOut',
  'robot',
  'decline',
  'unknownQuestion',
] as const satisfies readonly (keyof GlobalHandling)[];
export type GlobalHandlerKey = (typeof GLOBAL_HANDLERS)[number];

export function GlobalHandlingForm({
  settings,
  onChange,
}: {
  settings: BotSettings;
  onChange(global: GlobalHandling): void;
}) {
  const { t } = useTranslation('bots');
  const g = globalHandlingOf(settings);
  const e = validateGlobal(g);
  const set = (patch: Partial<GlobalHandling>) => onChange(changedGlobal(settings, patch));
  const handler = (k: GlobalHandlerKey) => {
    const h = g[k] as GlobalHandler;
    const put = (next: Partial<GlobalHandler>) => set({ [k]: { ...h, ...next } });
    return (
      <div key={k} className="cp-bots-global" data-testid={`global-${k}`} data-enabled={h.enabled}>
        <H6>{t(`global.${k}.title`)}</H6>
        <Switch
          label={t('global.enabled')}
          checked={h.enabled}
          data-testid={`global-${k}-enabled`}
          onChange={(ev) => put({ enabled: ev.currentTarget.checked })}
        />
        <p className="cp-bots-muted" data-testid={`global-${k}-help`}>
          {t(`global.${k}.help`)}
        </p>
        <PromptsEditor
          id={`global-${k}-prompts`}
          label={t('global.prompts')}
          value={h.prompts}
          error={e[`${k}.prompts`]}
          onChange={(prompts: Prompt[]) => put({ prompts })}
        />
      </div>
    );
  };
  return (
    <div className="cp-bots-gap" data-testid="global-handling">
      <H5>{t('global.title')}</H5>
      <p className="cp-bots-muted">{t('global.intro')}</p>
      {GLOBAL_HANDLERS.map(handler)}
      <TextInput
        id="global-disclosure"
        label={t('global.disclosure')}
        helper={t('global.disclosureHelp')}
        placeholder={t('global.disclosurePlaceholder')}
        value={g.disclosure}
        error={e.disclosure}
        onChange={(disclosure) => set({ disclosure })}
      />
    </div>
  );
}
