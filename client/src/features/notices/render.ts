// A notice in the viewer's current language: platform-made notices carry message keys and params
// (domain/notices.ts), rendered here from notices:messages; a param that is a code (a task status, a
// result level) is translated first. Notices a person wrote have no key: shown as typed.
import type { TFunction } from 'i18next';
import type { NoticeDto } from '../../../../domain/api';
import { STATUS_LABEL_KEYS, type TaskStatus } from '../../../../domain/dialer/status';
import { isNoticeKey } from '../../../../domain/notices';

type Shown = Pick<NoticeDto, 'title' | 'content' | 'titleKey' | 'bodyKey' | 'params'>;

/** The params with their codes translated (CODE_PARAMS of domain/notices.ts). */
export function noticeParams(params: NoticeDto['params'], t: TFunction): Record<string, string | number> {
  const out: Record<string, string | number> = { ...params };
  if (params?.status !== undefined) {
    const key = STATUS_LABEL_KEYS[Number(params.status) as TaskStatus];
    out.status = key ? t(`tasks:${key}`) : String(params.status);
  }
  if (params?.level !== undefined)
    out.level = t(`results:level.${params.level}`, { defaultValue: String(params.level) });
  return out;
}

function text(key: string | null | undefined, stored: string, params: NoticeDto['params'], t: TFunction) {
  // An unknown key (a newer server) falls back to the stored text, never to the bare key.
  if (!isNoticeKey(key)) return stored;
  return t(`notices:messages.${key}`, noticeParams(params, t));
}

export const noticeTitle = (n: Shown, t: TFunction): string => text(n.titleKey, n.title, n.params, t);

export const noticeBody = (n: Shown, t: TFunction): string => text(n.bodyKey, n.content, n.params, t);
