import type { CustomerDto } from '../../../../../domain/crm';

/** A customers row as pg returns it, the columns customerColumns (repo.ts) selects. */
export interface CustomerRow {
  id: string;
  account_id: string;
  name: string;
  phone: string;
  contact: string;
  sex: number | null;
  company: string;
  address: string;
  remark1: string;
  remark2: string;
  remark3: string;
  remark4: string;
  remark5: string;
  source: string;
  stage: number;
  focus: boolean;
  read: boolean;
  score: number;
  grade: number | null;
  intention_label: string;
  in_sea: boolean;
  imported_at: Date | null;
  last_follow_up_at: Date | null;
  created_at: Date;
  call_count: number;
  last_called_at: Date | null;
  last_result: number | null;
  llm_grade: string | null;
  /** phone_cipher is not null (the pages select it; a plain customers row has no such column). */
  phone_hidden?: boolean;
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** A customers row (plus its tag ids) as the API shows it. A hidden number's `phone` column already
 * holds the masked form; repo selects only `phone_hidden`, never the cipher. */
export const presentCustomer = (r: CustomerRow, tagIds: number[] = []): CustomerDto => ({
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
