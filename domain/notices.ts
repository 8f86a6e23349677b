// Notices made by the platform itself carry message keys and params instead of text: the browser
// renders them in the viewer's current language (client/src/locales/*/notices.json, section
// `messages`). A key names one text of that section, e.g. 'taskCompleted.title' is
// `notices:messages.taskCompleted.title`. Notices written by a person (POST /api/notices) have no
// key: their title and content are shown as typed.

export const NOTICE_KEYS = [
  'welcome.title',
  'welcome.body',
  'reminder.title',
  'reminder.callbackBody',
  'taskCompleted.title',
  'taskCompleted.body',
  'taskSuspended.title',
  'taskSuspended.body',
  'taskLineFault.title',
  'taskLineFault.body',
  'taskNoRecognizer.title',
  'taskNoRecognizer.body',
  'arrearsPaused.title',
  'arrearsPaused.body',
  'lowBalance.title',
  'lowBalance.body',
  'recharge.title',
  'recharge.body',
  'exportReady.title',
  'exportReady.customersBody',
  'exportReady.callsBody',
  'botApproved.title',
  'botApproved.body',
  'botRejected.title',
  'botRejected.body',
  'importDone.title',
  'importDone.body',
  'importFailed.title',
  'importFailed.body',
] as const;

export type NoticeKey = (typeof NOTICE_KEYS)[number];

/** Values for the texts' {{placeholders}}. Money is already yuan text (fenToYuan). */
export type NoticeParams = Record<string, string | number>;

/**
 * Params that are codes, translated by the browser before they fill the text (never pre-rendered):
 * `status` a task status (SPEC §4 call task statuses), `level` a call result level.
 */
export const CODE_PARAMS = ['status', 'level'] as const;

/** What a platform-made notice says: its keys and their params. */
export interface NoticeMessage {
  titleKey: NoticeKey;
  bodyKey?: NoticeKey;
  params?: NoticeParams;
}

export const isNoticeKey = (k: unknown): k is NoticeKey =>
  typeof k === 'string' && (NOTICE_KEYS as readonly string[]).includes(k);
