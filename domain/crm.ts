// Customer center codes (SPEC §4) and the /api/crm contract.
import type { ImportProgress } from './events';
import type { ReasonMessage } from './reasons';

/** Customer stages. */
export const Stage = {
  New: 100,
  AiFirstVisit: 200,
  FollowingUp: 300,
  Interested: 400,
  Negotiating: 500,
  Closed: 600,
} as const;
export const STAGES: readonly number[] = Object.values(Stage);

/** Contact methods; 201/500/501 are written by the system, not chosen by users. */
export const ContactMethod = {
  Phone: 301,
  FaceToFace: 310,
  Sms: 330,
  WeChatQq: 320,
  SysAiVisit: 201,
  SysEvent: 500,
  SysReminder: 501,
} as const;
export const CONTACT_METHODS: readonly number[] = Object.values(ContactMethod);
export const USER_CONTACT_METHODS: readonly number[] = [301, 310, 330, 320];

/** Follow-up record types. */
export const RecordType = { Reminder: 0, FollowUp: 1 } as const;

/** Allocation modes. */
export const AllocationMode = { ToSelf: 0, SplitEvenly: 1, ByQuantity: 2 } as const;

/** Number import options. */
export const ImportOption = {
  Dedupe: 1,
  DedupeDropLandlines: 2,
  DedupeRemoveByCondition: 3,
  DedupeEncrypted: 4,
} as const;
export const IMPORT_OPTIONS: readonly number[] = Object.values(ImportOption);

/** A row of the customer sea. */
export interface SeaCustomerDto {
  id: number;
  name: string;
  /** As stored: clear digits, or the masked form of a hidden number. */
  phone: string;
  phoneHidden: boolean;
  company: string;
  stage: number;
  grade: number | null;
  seaSince: string | null;
  lastFollowUpAt: string | null;
  createdAt: string;
}

export interface CustomerDto {
  id: number;
  accountId: number;
  name: string;
  /** Clear digits, or the masked form (138****1234) for numbers users must not see. */
  phone: string;
  phoneHidden: boolean;
  contact: string;
  sex: 0 | 1 | null;
  company: string;
  address: string;
  remarks: [string, string, string, string, string];
  source: string;
  stage: number;
  focus: boolean;
  read: boolean;
  score: number;
  grade: number | null;
  intentionLabel: string;
  tagIds: number[];
  inSea: boolean;
  importedAt: string | null;
  lastFollowUpAt: string | null;
  createdAt: string;
  /** Ended calls of the number settled on this customer (dialer/customerResult.ts). */
  callCount: number;
  lastCalledAt: string | null;
  /** The last call's own result level (grades A–F or a SPEC §4 result level). */
  lastResult: number | null;
  /** The LLM grade of the last call that had one. */
  llmGrade: string | null;
}

export interface TagDto {
  id: number;
  groupId: number | null;
  name: string;
  color: string;
}
export interface TagGroupDto {
  id: number;
  name: string;
}

export interface FollowUpDto {
  id: number;
  customerId: number;
  accountId: number;
  recordType: 0 | 1;
  stage: number;
  contactMethod: number;
  details: string;
  remindAt: string | null;
  handledAt: string | null;
  createdAt: string;
  /**
   * A reminder the platform wrote because the customer asked for a callback on this call (id);
   * `details` then holds the customer's own words. Null for records a person wrote.
   */
  callId: number | null;
  /** An AI-visit record's call result level (grades A–F or a SPEC §4 result level); else null. */
  resultLevel: number | null;
  /**
   * An AI-visit record's reason as a code with parameters (domain/reasons.ts), rendered in the
   * reader's language; `details` is its zh-CN text. Null (or absent) for records people wrote and
   * for rows stored before codes: their `details` is shown as it is.
   */
  detailsMessage?: ReasonMessage | null;
}

/** The text fields of a customer that files carry (import column mapping, export columns), in order. */
export const CUSTOMER_TEXT_FIELDS = [
  'name',
  'phone',
  'contact',
  'sex',
  'company',
  'address',
  'remark1',
  'remark2',
  'remark3',
  'remark4',
  'remark5',
  'source',
] as const;

/** One customer import job as GET /api/crm/imports answers it: its progress and what it was asked. */
export interface ImportJobDto extends ImportProgress {
  fileName: string;
  fileType: string;
  option: number;
  params: Record<string, unknown>;
  hasReport: boolean;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}
