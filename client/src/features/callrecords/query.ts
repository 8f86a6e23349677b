// The page's filter form as the API's filter (domain/callRecords.ts): empty fields left out, local
// datetimes as ISO instants, seconds as numbers. Also the form's own checks (same rules as the server).
import { compactFilter, isPhoneFilter, type CallRecordFilter } from '../../../../domain/callRecords';
import type { RecordFilters } from './slice';

const iso = (local: string): string | undefined => {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};
const secs = (s: string): number | undefined => (/^\d{1,5}$/.test(s.trim()) ? Number(s.trim()) : undefined);

export function toFilter(f: RecordFilters): CallRecordFilter {
  return compactFilter({
    from: iso(f.from),
    to: iso(f.to),
    levels: f.levels,
    taskId: f.taskId ?? undefined,
    botId: f.botId ?? undefined,
    minTalkS: secs(f.minTalkS),
    maxTalkS: secs(f.maxTalkS),
    phone: f.phone.trim() || undefined,
    name: f.name.trim() || undefined,
    read: f.read ?? undefined,
    focus: f.focus ?? undefined,
    llmGrade: f.llmGrade.trim() || undefined,
  });
}

/** Field problems of the filter form (i18n keys of the callrecords namespace). */
export function filterProblems(f: RecordFilters): Record<string, string> {
  const e: Record<string, string> = {};
  const phone = f.phone.trim();
  if (phone && !isPhoneFilter(phone)) e.phone = 'callrecords:filters.phoneRule';
  for (const k of ['minTalkS', 'maxTalkS'] as const)
    if (f[k].trim() && secs(f[k]) === undefined) e[k] = 'callrecords:filters.secondsRule';
  const min = secs(f.minTalkS);
  const max = secs(f.maxTalkS);
  if (min !== undefined && max !== undefined && min > max) e.maxTalkS = 'callrecords:filters.rangeRule';
  if (f.from && f.to && new Date(f.from) > new Date(f.to)) e.to = 'callrecords:filters.rangeRule';
  return e;
}
