// The notes of a task's status log (domain/reasons.ts task*: the scheduler's, billing's, a fault's and
// a user's start/pause/stop) in both languages, as the drawer's log shows them (useReasonText).
import { faultMessage } from '../../../../../domain/fsProbe';
import { coded, REASON_CODES, REASON_ZH } from '../../../../../domain/reasons';
import { createI18n } from '../../../app/i18n';
import enReasons from '../../../locales/en/reasons.json';
import zhReasons from '../../../locales/zh-CN/reasons.json';
import { reasonText } from '../../../ui/reasonText';

const TASK_CODES = [
  'taskCreated',
  'taskCopied',
  'taskUserStart',
  'taskUserPause',
  'taskUserStop',
  'taskBulkStart',
  'taskBulkPause',
  'taskBatchStart',
  'taskBatchPause',
  'taskBatchStop',
  'taskFirstSlot',
  'taskWindowOpened',
  'taskOutsideHours',
  'taskNoNumbersLeft',
  'taskBalanceZero',
  'taskUnpaid',
  'taskUnpaidSoftphone',
  'taskRecharged',
  'taskFailureStreak',
  'taskFaultPause',
] as const;

const en = createI18n('en', false);
const zh = createI18n('zh-CN', false);

describe('task status log notes', () => {
  it('are every task code of the table, each in zh-CN and in English', () => {
    expect(REASON_CODES.filter((c) => c.startsWith('task')).sort()).toEqual([...TASK_CODES].sort());
    const zhT = zhReasons as Record<string, string>;
    const enT = enReasons as Record<string, string>;
    for (const code of TASK_CODES) {
      expect({ code, zh: zhT[code] }).toEqual({ code, zh: REASON_ZH[code] });
      expect({ code, en: typeof enT[code] === 'string' && enT[code].trim() !== '' }).toEqual({
        code,
        en: true,
      });
      expect({ code, cjk: /[\u4e00-\u9fff]/.test(enT[code]!) }).toEqual({ code, cjk: false });
    }
  });

  it('render as the server stores them, in the reader language', () => {
    const start = coded('taskUserStart');
    expect([reasonText(en, start), reasonText(zh, start)]).toEqual(['Started by the user', '用户启动']);
    const streak = coded('taskFailureStreak', { n: 5 });
    expect(reasonText(en, streak)).toBe('5 consecutive failed calls, suspended by the system');
    expect(reasonText(zh, streak)).toBe(streak.text);
    expect(streak.text).toBe('连续 5 次呼叫失败，系统暂停');
    expect(reasonText(en, coded('taskCopied', { id: '12' }))).toBe('Copied from task #12');
  });

  it('a fault pause carries the fault, rendered in the same language', () => {
    const r = coded('taskFaultPause', {
      why: faultMessage({ kind: 'line', lineId: 3, cause: 'GATEWAY_DOWN' }),
    });
    expect(r.text).toBe('平台故障，任务暂停：线路 3的网关不可达 (GATEWAY_DOWN)');
    expect(reasonText(zh, r)).toBe(r.text);
    expect(reasonText(en, r)).toBe('Platform fault, task paused: line 3: gateway unreachable (GATEWAY_DOWN)');
    const rec = coded('taskFaultPause', { why: faultMessage({ kind: 'recognizer', module: 'mod_unimrcp' }) });
    expect(reasonText(en, rec)).toBe(
      'Platform fault, task paused: the FreeSWITCH node lacks the recognizer module mod_unimrcp',
    );
  });

  it('a row written before the codes shows its stored text in any language', () => {
    expect(reasonText(en, { text: '线路 3的网关不可达 (GATEWAY_DOWN)' })).toBe(
      '线路 3的网关不可达 (GATEWAY_DOWN)',
    );
    expect(reasonText(zh, { text: 'copied from #7' })).toBe('copied from #7');
  });
});
