import type { CustomerDto } from '../../../../../domain/crm';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** A customers row (plus its tag ids) as the API shows it. A hidden number's `phone` column already
 * holds the masked form; repo selects only `phone_hidden`, never the cipher. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const presentCustomer = (r: any, tagIds: number[] = []): CustomerDto => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  name: r.name,
  phone: r.phone,
  phoneHidden: r.phone_hidden === true,
  contact: r.contact,
  sex: r.sex === null ? null : (r.sex as 0 | 1),
  company: r.company,
  address: r.address,
  remarks: [r.remark1, r.remark2, r.remark3, r.remark4, r.remark5],
  source: r.source,
  stage: r.stage,
  focus: r.focus,
  read: r.read,
  score: r.score,
  grade: r.grade,
  intentionLabel: r.intention_label,
  tagIds,
  inSea: r.in_sea,
  importedAt: iso(r.imported_at),
  lastFollowUpAt: iso(r.last_follow_up_at),
  createdAt: new Date(r.created_at).toISOString(),
  callCount: Number(r.call_count ?? 0),
  lastCalledAt: iso(r.last_called_at),
  lastResult: r.last_result === null || r.last_result === undefined ? null : Number(r.last_result),
  llmGrade: r.llm_grade ?? null,
});
