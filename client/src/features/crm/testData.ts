// Small builders for the customer-center unit tests.
import type { CustomerDto, FollowUpDto } from '../../../../domain/crm';
import type { ExportJobDto } from './types';

export const customer = (id: number, over: Partial<CustomerDto> = {}): CustomerDto => ({
  id,
  accountId: 1,
  name: `c${id}`,
  phone: `1380000${String(id).padStart(4, '0')}`,
  phoneHidden: false,
  contact: '',
  sex: null,
  company: '',
  address: '',
  remarks: ['', '', '', '', ''],
  source: '',
  stage: 100,
  focus: false,
  read: false,
  score: 0,
  grade: null,
  intentionLabel: '',
  tagIds: [],
  inSea: false,
  importedAt: null,
  lastFollowUpAt: null,
  createdAt: '2026-11-01T00:00:00Z',
  callCount: 0,
  lastCalledAt: null,
  lastResult: null,
  llmGrade: null,
  ...over,
});

export const followUp = (id: number, over: Partial<FollowUpDto> = {}): FollowUpDto => ({
  id,
  customerId: 1,
  accountId: 1,
  recordType: 1,
  stage: 300,
  contactMethod: 301,
  details: 'called',
  remindAt: null,
  handledAt: null,
  callId: null,
  resultLevel: null,
  createdAt: '2026-11-02T00:00:00Z',
  ...over,
});

export const exportJob = (exportJobId: number, status: ExportJobDto['status'] = 'queued'): ExportJobDto => ({
  exportJobId,
  kind: 'customers',
  format: 'csv',
  status,
  rows: 0,
  fileName: `customers-${exportJobId}.csv`,
  downloadUrl: status === 'done' ? `/api/crm/exports/${exportJobId}/file` : null,
  error: null,
  createdAt: '2026-01-01T00:00:00Z',
  finishedAt: null,
  expiresAt: null,
});
