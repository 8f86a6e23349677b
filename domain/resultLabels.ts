// The one label table of call outcomes (SPEC §4), in both languages, for server and client alike:
// - result levels (21–26 grades A–F, 62–71, 79, 90) as filters, rules and task numbers read them;
// - the display reading of a record's grade code (A–F, 63–70, 79, else unknown);
// - a call's live state (dialing, ringing, answered), shown instead of a grade while the call is on.
import { gradeDisplayKey } from './callRecords';
import type { Lang } from './messages';

type Text = Readonly<Record<Lang, string>>;

const GRADE_TEXT: Readonly<Record<string, Text>> = {
  A: { 'zh-CN': 'A 意向强', en: 'A strong' },
  B: { 'zh-CN': 'B 意向一般', en: 'B average' },
  C: { 'zh-CN': 'C 意向较少', en: 'C rare' },
  D: { 'zh-CN': 'D 需筛选', en: 'D needs screening' },
  E: { 'zh-CN': 'E 需再跟进', en: 'E follow up again' },
  F: { 'zh-CN': 'F 无需跟进', en: 'F no follow-up' },
};

/** SPEC §4 call result levels. */
export const RESULT_LEVEL_TEXT: Readonly<Record<number, Text>> = {
  21: GRADE_TEXT.A!,
  22: GRADE_TEXT.B!,
  23: GRADE_TEXT.C!,
  24: GRADE_TEXT.D!,
  25: GRADE_TEXT.E!,
  26: GRADE_TEXT.F!,
  62: { 'zh-CN': '关机', en: 'Shutdown' },
  63: { 'zh-CN': '空号', en: 'Vacant number' },
  64: { 'zh-CN': '停机', en: 'Suspended' },
  65: { 'zh-CN': '拒接', en: 'Refused' },
  66: { 'zh-CN': '无法接通', en: 'Unreachable' },
  67: { 'zh-CN': '忙线', en: 'Busy' },
  68: { 'zh-CN': '无人接听', en: 'No answer' },
  69: { 'zh-CN': '通话中', en: 'In a call' },
  70: { 'zh-CN': '助理拦截', en: 'Assistant intercept' },
  71: { 'zh-CN': '黑名单', en: 'Blacklist' },
  79: { 'zh-CN': '呼入限制', en: 'Incoming restricted' },
  90: { 'zh-CN': '未知', en: 'Unknown' },
};

/** SPEC §4 display reading of grade codes, by gradeDisplayKey. */
export const DISPLAY_GRADE_TEXT: Readonly<Record<string, Text>> = {
  ...GRADE_TEXT,
  c63: { 'zh-CN': '空号', en: 'Empty number' },
  c64: { 'zh-CN': '关机', en: 'Powered off' },
  c65: { 'zh-CN': '拒接', en: 'Rejected' },
  c66: { 'zh-CN': '无法接通', en: 'Unreachable' },
  c67: { 'zh-CN': '忙线', en: 'Busy' },
  c68: { 'zh-CN': '无人接听', en: 'No answer' },
  c69: { 'zh-CN': '通话中', en: 'In call' },
  c70: { 'zh-CN': '来电提醒', en: 'Call reminder' },
  c79: { 'zh-CN': '未送达', en: 'Not delivered' },
  unknown: { 'zh-CN': '未知', en: 'Unknown' },
};

/** A call's status as the records carry it. */
export type CallStatus = 'dialing' | 'ringing' | 'answered' | 'ended';
export const LIVE_STATUSES: readonly CallStatus[] = ['dialing', 'ringing', 'answered'];

export const CALL_STATUS_TEXT: Readonly<Record<CallStatus, Text>> = {
  dialing: { 'zh-CN': '拨号中', en: 'Dialing' },
  ringing: { 'zh-CN': '振铃中', en: 'Ringing' },
  answered: { 'zh-CN': '通话中', en: 'Talking' },
  ended: { 'zh-CN': '已结束', en: 'Ended' },
};

export const isLiveStatus = (s: string | null | undefined): s is CallStatus =>
  (LIVE_STATUSES as readonly string[]).includes(s ?? '');

/** A result level's text ('' for a code outside SPEC §4, so callers can show the number). */
export const resultLevelText = (code: number | null | undefined, lang: Lang): string =>
  code === null || code === undefined ? '' : (RESULT_LEVEL_TEXT[code]?.[lang] ?? '');

/** A record's grade code in the display reading. */
export const displayGradeText = (code: number | null | undefined, lang: Lang): string =>
  DISPLAY_GRADE_TEXT[gradeDisplayKey(code)]![lang];

export const callStatusText = (s: string, lang: Lang): string =>
  CALL_STATUS_TEXT[s as CallStatus]?.[lang] ?? s;

/**
 * What a call's outcome cell shows: its live state while the call is on (no grade exists yet — a
 * grade 未知 or a code 69 beside a live call misleads), else its grade code in the display reading.
 */
export type Outcome = { kind: 'live'; status: CallStatus } | { kind: 'grade'; key: string };

export function outcomeOf(code: number | null | undefined, callStatus: string | null | undefined): Outcome {
  if (isLiveStatus(callStatus)) return { kind: 'live', status: callStatus };
  return { kind: 'grade', key: gradeDisplayKey(code) };
}

export const outcomeText = (o: Outcome, lang: Lang): string =>
  o.kind === 'live' ? CALL_STATUS_TEXT[o.status][lang] : DISPLAY_GRADE_TEXT[o.key]![lang];

/** The tables as i18next resources (namespace `results`): level.<code>, grade.<key>, status.<status>. */
export function resultResources(lang: Lang) {
  const pick = <K extends string | number>(t: Readonly<Record<K, Text>>) =>
    Object.fromEntries(Object.entries<Text>(t as Record<string, Text>).map(([k, v]) => [k, v[lang]]));
  return {
    level: pick(RESULT_LEVEL_TEXT),
    grade: pick(DISPLAY_GRADE_TEXT),
    status: pick(CALL_STATUS_TEXT),
  };
}
