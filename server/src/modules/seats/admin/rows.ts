// Row types the seats files share, as pg returns them (bigint as string, timestamps as Date).
import type { SeatType } from '../../../../../domain/seats';

/** A `seats` row (`SELECT s.*`; migrations/2026-11-22-2370-seats.ts). */
export interface SeatTableRow {
  id: string;
  account_id: string;
  group_id: string;
  name: string;
  type: SeatType;
  extension: string | null;
  auth_name: string | null;
  auth_password_enc: string | null;
  mobile_enc: string | null;
  mobile_masked: string | null;
  user_id: string;
  enabled: boolean;
  auto_answer: boolean;
  created_at: Date;
  updated_at: Date;
}
