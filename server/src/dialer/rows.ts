// Row types of the tables the dialer reads whole, as pg returns them (bigint as string, timestamps as
// Date, jsonb parsed). Columns are those of the migrations (migrations/*calls*.ts and the later alters).
import type { CallbackNote } from '../../../domain/callback';
import type { CallStatus } from '../../../domain/calls';
import type { TransferOutcome } from '../../../domain/transfer';

/** A `calls` row (`SELECT *`). */
export interface CallRow {
  id: string;
  call_uuid: string;
  account_id: string;
  task_id: string | null;
  bot_id: string | null;
  bot_version: number | null;
  line_id: string | null;
  customer_id: string | null;
  phone_masked: string;
  phone_hash: string;
  direction: 'out' | 'in';
  status: CallStatus;
  result_level: number | null;
  grade: number | null;
  labels: string[];
  llm_grade: string | null;
  hangup_cause: string | null;
  sip_status: number | null;
  ring_ms: number;
  talk_ms: number;
  total_ms: number;
  billable_ms: number;
  rounds: number;
  /** The engine's reason (domain/reasons.ts), read through messageOf / visitDetails. */
  reason: unknown;
  recording_path: string | null;
  test: boolean;
  originated_at: Date | null;
  fs_node: string | null;
  media_worker: string | null;
  created_at: Date;
  answered_at: Date | null;
  ended_at: Date | null;
  task_number_id: string | null;
  settled_at: Date | null;
  charged_fen: string;
  read: boolean;
  focus: boolean;
  transfer_outcome: TransferOutcome | null;
  transfer_seat_id: string | null;
  scene_id: string | null;
  opt_out_sentence: string | null;
  /** What the customer asked for a callback (media/src/calls/requests.ts). */
  callback: CallbackNote | null;
  job_queued_at: Date | null;
  alive_at: Date | null;
  phone_cipher: string | null;
}
