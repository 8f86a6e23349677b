// A report as spreadsheet rows: the header in the exporter's language and one row per report row.
// Names come from users (tasks, bots, lines, accounts): neutralised against formula injection.
// Rates are per cent with 2 decimals, money yuan with 2 decimals, durations in minutes.
import type { Lang } from '../../../../domain/messages';
import { neutralise } from '../../../../domain/spreadsheet';
import type { BusinessReport, ExpenseReport, LineReport, NumberReport } from '../../../../domain/reports/api';
import { GRADE_KEYS, NUMBERS_RESULT_CODES } from '../../../../domain/reports/columns';
import { GRADE_LETTERS } from '../../../../domain/dialer/levels';
import { HANGUP_BUCKETS, ROUND_BUCKETS } from '../../../../domain/reports/buckets';
import {
  answerSeizureRatio,
  averageRingMs,
  change,
  connectedRate,
  costPer,
  leadsOf,
  type Counters,
} from '../../../../domain/reports/figures';
import type { Cell } from '../../files/writers';

const zh = (l: Lang) => l === 'zh-CN';
const pct = (r: number | null) => (r === null ? '' : Math.round(r * 10_000) / 100);
const yuan = (fen: number | null) => (fen === null ? '' : Math.round(fen) / 100);
const minutes = (ms: number) => Math.round(ms / 600) / 100;

const HANGUP_LABEL = { lt10: '<10s', s10_59: '10-59s', s60_119: '60-119s', ge120: '>=120s' };
const ROUND_LABEL = { r0_2: '0-2', r3_4: '3-4', r5_6: '5-6', r7_9: '7-9', r10: '>=10' };

function numberHeader(l: Lang, key: string): string[] {
  return [
    key,
    zh(l) ? '外呼数' : 'Dialled',
    zh(l) ? '接通数' : 'Connected',
    zh(l) ? '接通率(%)' : 'Connected rate (%)',
    ...NUMBERS_RESULT_CODES.map(String),
    ...GRADE_LETTERS,
    ...HANGUP_BUCKETS.map((b) => (zh(l) ? `挂断${HANGUP_LABEL[b]}` : `Hang-up ${HANGUP_LABEL[b]}`)),
    ...ROUND_BUCKETS.map((b) => (zh(l) ? `轮次${ROUND_LABEL[b]}` : `Rounds ${ROUND_LABEL[b]}`)),
    zh(l) ? '转人工' : 'Transfers',
    zh(l) ? '转人工接通' : 'Transfers accepted',
  ];
}

function numberCells(c: Counters): Cell[] {
  return [
    c.dialled!,
    c.connected!,
    pct(connectedRate(c)),
    ...NUMBERS_RESULT_CODES.map((x) => c[`lv${x}`]!),
    ...GRADE_KEYS.map((k) => c[k]!),
    ...HANGUP_BUCKETS.map((b) => c[`h_${b}`]!),
    ...ROUND_BUCKETS.map((b) => c[`k_${b}`]!),
    c.xfer!,
    c.xfer_accepted!,
  ];
}

const keyHeader = (l: Lang, by: string) =>
  (zh(l)
    ? { day: '日期', task: '任务', bot: '机器人', line: '线路', account: '账号' }
    : { day: 'Day', task: 'Task', bot: 'Bot', line: 'Line', account: 'Account' })[by as 'day'] ?? by;

export function numberSheet(r: NumberReport, l: Lang): Cell[][] {
  return [
    numberHeader(l, keyHeader(l, r.by)),
    ...r.rows.map((x) => [neutralise(x.label), ...numberCells(x.counters)]),
    [zh(l) ? '合计' : 'Total', ...numberCells(r.total)],
  ];
}

export function lineSheet(r: LineReport, l: Lang): Cell[][] {
  const cells = (c: Counters): Cell[] => [
    c.dialled!,
    pct(connectedRate(c)),
    pct(answerSeizureRatio(c)),
    averageRingMs(c) === null ? '' : Math.round(averageRingMs(c)! / 100) / 10,
    minutes(c.talk_ms!),
  ];
  return [
    [
      keyHeader(l, r.by),
      zh(l) ? '呼叫数' : 'Attempts',
      zh(l) ? '接通率(%)' : 'Connected rate (%)',
      zh(l) ? '应答率ASR(%)' : 'ASR (%)',
      zh(l) ? '平均振铃(秒)' : 'Average ring (s)',
      zh(l) ? '通话分钟' : 'Talk minutes',
      zh(l) ? '低于阈值' : 'Under threshold',
    ],
    ...r.rows.map((x) => [
      neutralise(x.label),
      ...cells(x.counters),
      x.flagged ? (zh(l) ? '是' : 'yes') : '',
    ]),
    [zh(l) ? '合计' : 'Total', ...cells(r.total), ''],
  ];
}

export function expenseSheet(r: ExpenseReport, l: Lang): Cell[][] {
  const cells = (s: ExpenseReport['total']): Cell[] => [
    yuan(s.fen),
    minutes(s.billableMs),
    s.calls,
    s.connected,
    s.leads,
    yuan(costPer(s.fen, s.connected)),
    yuan(costPer(s.fen, s.leads)),
  ];
  return [
    [
      keyHeader(l, r.by),
      zh(l) ? '消费(元)' : 'Spend (yuan)',
      zh(l) ? '计费分钟' : 'Billed minutes',
      zh(l) ? '计费通话' : 'Billed calls',
      zh(l) ? '接通' : 'Connected',
      zh(l) ? 'A/B意向' : 'A/B leads',
      zh(l) ? '每接通成本(元)' : 'Cost per connected (yuan)',
      zh(l) ? '每意向成本(元)' : 'Cost per A/B lead (yuan)',
    ],
    ...r.rows.map((x) => [neutralise(x.label), ...cells(x.spend)]),
    [zh(l) ? '合计' : 'Total', ...cells(r.total)],
  ];
}

export function businessSheet(r: BusinessReport, l: Lang): Cell[][] {
  const trio = (cur: number, prev: number): Cell[] => [cur, prev, pct(change(cur, prev))];
  const h = (name: string) => [
    name,
    `${name} (${zh(l) ? '上期' : 'previous'})`,
    `${name} ${zh(l) ? '环比(%)' : 'change (%)'}`,
  ];
  return [
    [
      zh(l) ? '账号' : 'Account',
      ...h(zh(l) ? '外呼数' : 'Dialled'),
      ...h(zh(l) ? '接通数' : 'Connected'),
      ...h(zh(l) ? 'A/B意向' : 'A/B leads'),
      ...h(zh(l) ? '消费(分)' : 'Spend (fen)'),
    ],
    ...r.rows.map((x) => [
      neutralise(x.account),
      ...trio(x.current.dialled!, x.previous.dialled!),
      ...trio(x.current.connected!, x.previous.connected!),
      ...trio(leadsOf(x.current), leadsOf(x.previous)),
      ...trio(x.current.fen ?? 0, x.previous.fen ?? 0),
    ]),
  ];
}
