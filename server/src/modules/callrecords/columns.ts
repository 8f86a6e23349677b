// The columns of a call record export: the header row in the exporter's language and one record as
// cells. Grade codes in the SPEC §4 display reading; times 'yyyy-MM-dd HH:mm:ss'; text neutralised.
import { gradeDisplayKey } from '../../../../domain/callRecords';
import { formatDateTime } from '../../../../domain/format';
import type { Lang } from '../../../../domain/messages';
import { neutralise } from '../../../../domain/spreadsheet';
import type { Cell } from '../crm/exports/columns';

const HEADERS: Record<Lang, string[]> = {
  'zh-CN': [
    '呼叫时间',
    '号码',
    '姓名',
    '等级',
    '意向标签',
    '评分',
    '大模型等级',
    '语义标签',
    '通话状态',
    '振铃时长(秒)',
    '通话时长(秒)',
    '总时长(秒)',
    '已读',
    '重点关注',
    '任务',
    '机器人',
    '线路',
    '账号',
    '通话ID',
  ],
  en: [
    'Time',
    'Phone',
    'Name',
    'Grade',
    'Intention label',
    'Score',
    'LLM grade',
    'Semantic labels',
    'Call status',
    'Ring (s)',
    'Talk (s)',
    'Total (s)',
    'Read',
    'Focus',
    'Task',
    'Bot',
    'Line',
    'Account',
    'Call id',
  ],
};

const GRADE_TEXT: Record<Lang, Record<string, string>> = {
  'zh-CN': {
    c63: '空号',
    c64: '关机',
    c65: '拒接',
    c66: '无法接通',
    c67: '忙线',
    c68: '无人接听',
    c69: '通话中',
    c70: '来电提醒',
    c79: '未送达',
    unknown: '未知',
  },
  en: {
    c63: 'Empty number',
    c64: 'Powered off',
    c65: 'Rejected',
    c66: 'Unreachable',
    c67: 'Busy',
    c68: 'No answer',
    c69: 'In call',
    c70: 'Call reminder',
    c79: 'Not delivered',
    unknown: 'Unknown',
  },
};

const STATUS_TEXT: Record<Lang, Record<string, string>> = {
  'zh-CN': { dialing: '拨号中', ringing: '振铃中', answered: '通话中', ended: '已结束' },
  en: { dialing: 'Dialing', ringing: 'Ringing', answered: 'Answered', ended: 'Ended' },
};

export const EXPORT_WORDS: Record<Lang, { sheet: string; yes: string; no: string; sep: string }> = {
  'zh-CN': {
    sheet: '通话记录',
    yes: '是',
    no: '否',
    sep: '，',
  },
  en: {
    sheet: 'Call records',
    yes: 'Yes',
    no: 'No',
    sep: ', ',
  },
};

export const exportHeader = (lang: Lang): string[] => HEADERS[lang];

/** The grade code cell: a letter for A–F, else the display reading's text. */
export function gradeText(level: number | null, lang: Lang): string {
  const key = gradeDisplayKey(level);
  return key.length === 1 ? key : GRADE_TEXT[lang][key]!;
}

const secs = (ms: unknown) => Math.round(Number(ms) / 1000);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function exportCells(r: any, lang: Lang): Cell[] {
  const w = EXPORT_WORDS[lang];
  const text = (s: unknown) => neutralise(s === null || s === undefined ? '' : String(s));
  return [
    formatDateTime(new Date(r.created_at)),
    text(r.phone_masked),
    text(r.name),
    gradeText(r.result_level ?? r.grade, lang),
    text(r.intention_label),
    r.score === null || r.score === undefined ? '' : Number(r.score),
    text(r.llm_grade),
    text((r.labels ?? []).join(w.sep)),
    STATUS_TEXT[lang][r.status] ?? text(r.status),
    secs(r.ring_ms),
    secs(r.talk_ms),
    secs(r.total_ms),
    r.read ? w.yes : w.no,
    r.focus ? w.yes : w.no,
    text(r.task_name),
    text(r.bot_name),
    text(r.line_name),
    text(r.owner_account),
    r.call_uuid,
  ];
}
