// The columns of a call record export: the header row in the exporter's language and one record as
// cells. Grade codes in the SPEC §4 display reading; times 'yyyy-MM-dd HH:mm:ss'; text neutralised.
import { gradeDisplayKey } from '../../../../domain/callRecords';
import { formatDateTime } from '../../../../domain/format';
import type { Lang } from '../../../../domain/messages';
import { callStatusText, displayGradeText } from '../../../../domain/resultLabels';
import { neutralise } from '../../../../domain/spreadsheet';
import type { Cell } from '../../files/writers';
import type { RecordRow } from './rows';

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
  return key.length === 1 ? key : displayGradeText(level, lang);
}

const secs = (ms: unknown) => Math.round(Number(ms) / 1000);

export function exportCells(r: RecordRow, lang: Lang): Cell[] {
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
    text(callStatusText(String(r.status ?? ''), lang)),
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
