import type { NoticeDto } from '../../../../domain/api';
import { NOTICE_KEYS } from '../../../../domain/notices';
import { createI18n } from '../../app/i18n';
import { resources } from '../../locales';
import { noticeBody, noticeParams, noticeTitle } from './render';

const notice = (over: Partial<NoticeDto>): NoticeDto => ({
  id: 1,
  accountId: 2,
  type: 100,
  title: '',
  content: '',
  readAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  titleKey: null,
  bodyKey: null,
  params: null,
  ...over,
});

const suspended = notice({
  titleKey: 'taskSuspended.title',
  bodyKey: 'taskSuspended.body',
  params: { taskId: 7, streak: 3, limit: 3, status: 12 },
});

describe('notice rendering', () => {
  it('renders a notice of background work in the viewer’s language, and again after a switch', async () => {
    const i18n = createI18n('zh-CN', false);
    expect(noticeTitle(suspended, i18n.t)).toBe('任务已被系统挂起');
    expect(noticeBody(suspended, i18n.t)).toBe(
      '任务 #7 连续 3 次未接通（上限 3 次），状态已改为「系统挂起」',
    );
    await i18n.changeLanguage('en');
    expect(noticeTitle(suspended, i18n.t)).toBe('Task suspended');
    expect(noticeBody(suspended, i18n.t)).toBe(
      'Task #7: 3 calls in a row did not connect (limit 3); its status is now "System hung up"',
    );
  });

  it('translates code params (task status, result level) and leaves the others as they are', () => {
    const zh = createI18n('zh-CN', false);
    const en = createI18n('en', false);
    expect(noticeParams({ status: 13, level: 21, name: 'A' }, en.t)).toEqual({
      status: 'Arrears pause',
      level: 'A strong',
      name: 'A',
    });
    expect(noticeParams({ status: 13, level: 63 }, zh.t)).toEqual({
      status: zh.t('tasks:task.status.arrearsPaused'),
      level: zh.t('results:level.63'),
    });
    expect(noticeParams({ status: 999 }, en.t)).toEqual({ status: '999' });
    expect(noticeParams(null, en.t)).toEqual({});
  });

  it('shows a notice a person wrote as typed, in any language', () => {
    const typed = notice({ title: '系统维护 / Maintenance {{x}}', content: '今晚 22:00' });
    for (const lng of ['zh-CN', 'en'] as const) {
      const { t } = createI18n(lng, false);
      expect(noticeTitle(typed, t)).toBe('系统维护 / Maintenance {{x}}');
      expect(noticeBody(typed, t)).toBe('今晚 22:00');
    }
  });

  it('a reminder: the title translated, the details as typed; an unknown key falls back to the text', () => {
    const { t } = createI18n('en', false);
    const reminder = notice({
      titleKey: 'reminder.title',
      params: { who: '赵提醒' },
      content: '回电确认合同',
    });
    expect(noticeTitle(reminder, t)).toBe('Reminder: 赵提醒');
    expect(noticeBody(reminder, t)).toBe('回电确认合同');
    const newer = notice({ title: 'stored', titleKey: 'fromTheFuture.title' });
    expect(noticeTitle(newer, t)).toBe('stored');
  });

  it('has a text for every key the server uses, in both languages', () => {
    for (const lng of ['zh-CN', 'en'] as const) {
      const { t, exists } = createI18n(lng, false);
      for (const key of NOTICE_KEYS) {
        expect({ key, lng, exists: exists(`notices:messages.${key}`) }).toEqual({ key, lng, exists: true });
        expect(t(`notices:messages.${key}`)).not.toBe(`messages.${key}`);
      }
    }
    // And nothing in the catalogue that the server never sends.
    const leaves = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'string' ? [`${prefix}${k}`] : leaves(v as object, `${prefix}${k}.`),
      );
    expect(leaves(resources.en.notices.messages).sort()).toEqual([...NOTICE_KEYS].sort());
  });
});
