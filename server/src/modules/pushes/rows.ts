// Push rows as pg returns them (bigint ids as text, timestamps as Date, smallint[] as number[]).
import type { DeliveryStatus, DestinationKind, PushHeaderMap, PushParams } from '../../../../domain/pushes';

export interface PushAddressRow {
  id: string;
  account_id: string;
  name: string;
  url: string;
  params: PushParams;
  headers: PushHeaderMap;
  grades: number[];
  enabled: boolean;
  secret_enc: string;
  secret_rotated_at: Date;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface PushDeliveryRow {
  id: string;
  account_id: string;
  call_id: string;
  kind: DestinationKind;
  address_id: string | null;
  task_id: string | null;
  push_id: string;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A delivery as the log lists it: with its call's uuid and its address's name (null once deleted). */
export interface DeliveryListRow extends PushDeliveryRow {
  call_uuid: string;
  address_name: string | null;
}

/** The calls columns a push reads (the sender loads the whole row). */
export interface PushCallRow {
  id: string;
  account_id: string;
  call_uuid: string;
  status: string;
  task_id: string | null;
  task_number_id: string | null;
  customer_id: string | null;
  phone_masked: string;
  direction: 'out' | 'in';
  result_level: number | null;
  grade: number | null;
  labels: string[];
  llm_grade: string | null;
  hangup_cause: string | null;
  ring_ms: number;
  talk_ms: number;
  total_ms: number;
  rounds: number;
  created_at: Date;
  answered_at: Date | null;
  ended_at: Date | null;
}
