// Shapes of the /api/crm replies the client reads, beside the shared DTOs of domain/crm.ts.
import type { CustomerDto, FollowUpDto, ImportJobDto } from '../../../../domain/crm';

export interface CustomerPage {
  items: CustomerDto[];
  next: string | null;
}

export interface TimelinePage {
  items: FollowUpDto[];
  nextBefore: number | null;
}

export interface ReminderDto extends FollowUpDto {
  customerName?: string;
  customerPhone?: string;
}

export interface CustomerInput {
  name: string;
  phone?: string;
  contact: string;
  sex: 0 | 1 | null;
  company: string;
  address: string;
  remarks: string[];
  source: string;
  stage: number;
}

export interface FollowUpInput {
  recordType: 0 | 1;
  stage: number;
  contactMethod: number;
  details: string;
  /** ISO with zone; required (and in the future) for a reminder. */
  remindAt?: string;
}

/** Field errors by path, as the server sends them (already translated) or as i18n keys from the client. */
export type FieldErrors = Record<string, string>;

/** The import job DTO is domain's (one definition for server and client). */
export type { ImportJobDto };

export type ExportFormat = 'xlsx' | 'csv';

export interface ExportJobDto {
  exportJobId: number;
  kind: string;
  format: ExportFormat;
  status: 'queued' | 'running' | 'done' | 'failed' | 'expired';
  rows: number;
  fileName: string;
  downloadUrl: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
}

export interface ExportPage {
  items: ExportJobDto[];
  nextBeforeId: number | null;
}

export interface SeaSettingsDto {
  ownerId: number;
  /** Days without a follow-up before a customer returns to the sea; null: never. */
  autoReleaseDays: number | null;
  dailyClaimLimit: number;
}

/** The sea settings form: text as typed. */
export interface SeaSettingsInput {
  autoReleaseDays: string;
  dailyClaimLimit: string;
}
