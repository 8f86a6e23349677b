// A bot's status as a coloured tag; a rejected bot shows the reason.
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { BotRow } from '../../../../../domain/bot/api';

const INTENTS = {
  draft: Intent.NONE,
  review: Intent.WARNING,
  online: Intent.SUCCESS,
  rejected: Intent.DANGER,
} as const;

export function StatusTag({ bot }: { bot: BotRow }) {
  const { t } = useTranslation('bots');
  return (
    <span data-testid={`status-${bot.id}`} data-status={bot.status}>
      <Tag minimal intent={INTENTS[bot.status]}>
        {t(`status.${bot.status}`)}
      </Tag>
      {bot.status === 'rejected' && bot.rejectReason && (
        <span className="cp-bots-error"> {t('list.rejectedReason', { reason: bot.rejectReason })}</span>
      )}
    </span>
  );
}
