// The callback time a customer names ("明天下午三点", "半小时后", "周六上午", "晚点"), read from
// the sentence as said. Relative to the call: resolved to a wall-clock time by the caller
// (domain/callback.ts) with the call's own clock and time zone.
import type { CallbackTime } from '../session';
import { fold, numeralValue } from './text';

const N = '[零〇一二两三四五六七八九十\\d]+';
const WEEKDAY: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  日: 7,
  天: 7,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
};

function num(s: string): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  return numeralValue(s);
}

const RELATIVE: [RegExp, (m: RegExpExecArray) => number | null][] = [
  [/半(个)?(小时|钟头)(后|以后|之后)?/, () => 30],
  [new RegExp(`(${N})(个)?半(小时|钟头)(后|以后|之后)`), (m) => (num(m[1]!) ?? 0) * 60 + 30],
  [
    new RegExp(`(${N})(个)?(小时|钟头)(后|以后|之后)`),
    (m) => (num(m[1]!) === null ? null : num(m[1]!)! * 60),
  ],
  [new RegExp(`(${N})分钟(后|以后|之后)`), (m) => num(m[1]!)],
  [/(过会儿?|一会儿?|等会儿?|待会儿?|等一下|稍后)/, () => 30],
  [/(晚点|晚些|晚一点|迟点|回头)/, () => 120],
];

const DAYS: [RegExp, (m: RegExpExecArray) => Partial<CallbackTime>][] = [
  [/大后天/, () => ({ dayOffset: 3 })],
  [/后天/, () => ({ dayOffset: 2 })],
  [/明天|明早|明晚|明儿|明日/, () => ({ dayOffset: 1 })],
  [/今天|今晚|今儿|今日|等下午|等晚上/, () => ({ dayOffset: 0 })],
  [/下(个)?(周|星期|礼拜)([一二三四五六日天1-7])/, (m) => ({ weekday: WEEKDAY[m[3]!]!, dayOffset: 7 })],
  [/(周|星期|礼拜)([一二三四五六日天1-7])/, (m) => ({ weekday: WEEKDAY[m[2]!]! })],
  [/周末/, () => ({ weekday: 6 })],
  [/下(个)?(周|星期|礼拜)/, () => ({ weekday: 1, dayOffset: 7 })],
  [/过(两|几)天|过些天|这两天/, (m) => ({ dayOffset: m[1] === '两' ? 2 : 3 })],
  [/改天|改日/, () => ({ dayOffset: 1 })],
];

const PARTS: [RegExp, number][] = [
  [/早上|早晨|明早|一早/, 9],
  [/上午/, 10],
  [/中午/, 12],
  [/下午/, 15],
  [/傍晚/, 17],
  [/晚上|今晚|明晚|夜里/, 19],
];

export function parseCallbackTime(raw: string): CallbackTime | null {
  const s = fold(raw);
  for (const [re, minutes] of RELATIVE) {
    const m = re.exec(s);
    const v = m ? minutes(m) : null;
    // "晚点" beside a named day ("明天晚点") names the day, not two hours from now.
    if (m && v !== null && !(v === 120 && DAYS.some(([d]) => d.test(s))))
      return { afterMinutes: v, text: m[0] };
  }
  const words: string[] = [];
  const out: CallbackTime = { text: '' };
  for (const [re, read] of DAYS) {
    const m = re.exec(s);
    if (!m) continue;
    Object.assign(out, read(m));
    words.push(m[0]);
    break;
  }
  let part: number | null = null;
  for (const [re, hour] of PARTS) {
    const m = re.exec(s);
    if (!m) continue;
    part = hour;
    if (!words.includes(m[0])) words.push(m[0]);
    break;
  }
  const clock = new RegExp(`(${N})点(半|(${N})分?|一刻)?`).exec(s);
  let hour: number | null = null;
  let minute: number | null = null;
  if (clock) {
    const h = num(clock[1]!);
    if (h !== null && h >= 0 && h <= 24) {
      hour = h;
      minute = clock[2] === '半' ? 30 : clock[2] === '一刻' ? 15 : clock[3] ? num(clock[3]) : 0;
      // 下午三点 = 15:00; a bare 1–6 o'clock on a call is the afternoon too.
      if (hour < 12 && ((part !== null && part >= 12) || (part === null && hour >= 1 && hour <= 6)))
        hour += 12;
      words.push(clock[0]);
    }
  }
  if (hour === null && part !== null) {
    hour = part;
    minute = 0;
  }
  if (!words.length) return null;
  if (hour !== null) {
    out.hour = hour;
    out.minute = minute ?? 0;
  } else out.hour = null;
  if (out.dayOffset === undefined && out.weekday === undefined) out.dayOffset = 0;
  out.text = words.join('');
  return out;
}
