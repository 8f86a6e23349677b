// Call record rows as pg returns them (bigint ids as text, timestamps as Date). The joined columns
// (customer, task, bot, line) are null when the record has no such link.

/** One record as ROW_COLUMNS selects it (repo.ts), with the shown name. */
export interface RecordRow {
  id: string;
  call_uuid: string;
  account_id: string;
  owner_account: string;
  direction: 'out' | 'in';
  status: string;
  result_level: number | null;
  grade: number | null;
  phone_masked: string;
  customer_id: string | null;
  stage: number | null;
  intention_label: string | null;
  score: number | null;
  llm_grade: string | null;
  labels: string[];
  ring_ms: number;
  talk_ms: number;
  total_ms: number;
  read: boolean;
  focus: boolean;
  task_id: string | null;
  task_name: string | null;
  bot_id: string | null;
  bot_version: number | null;
  bot_name: string | null;
  line_id: string | null;
  line_name: string | null;
  hangup_cause: string | null;
  created_at: Date;
  ended_at: Date | null;
  name: string;
}

/** A list row: the record and its keyset key (created_at as PostgreSQL text). */
export interface PageRow extends RecordRow {
  sort_key: string;
}

/** The detail: the record and the columns only the detail shows. */
export interface DetailRow extends RecordRow {
  sip_status: number | null;
  rounds: number;
  reason: unknown;
  recording_path: string | null;
  fs_node: string | null;
}
