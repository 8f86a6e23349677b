// The details of a follow-up record as the timeline, the reminders page and the due toast show them:
// an AI-visit record's reason in the reader's language (bot content as written), an older AI-visit
// row and a person's record as stored, a callback reminder quoting the customer.
import { ContactMethod, RecordType, type FollowUpDto } from '../../../../domain/crm';
import { coded, messageOf } from '../../../../domain/reasons';
import { createI18n } from '../../app/i18n';
import { followUpDetails } from './labels';

const en = createI18n('en', false);
const zh = createI18n('zh-CN', false);

const grade = coded('gradeRule', {
  facts: [
    { code: 'fact_affirm', params: { n: '2' } },
    { code: 'fact_seconds', params: { n: '42' } },
  ],
  rule: '有兴趣',
  grade: 'A',
});

const record = (over: Partial<FollowUpDto>): FollowUpDto => ({
  id: 1,
  customerId: 2,
  accountId: 3,
  recordType: RecordType.FollowUp,
  stage: 200,
  contactMethod: ContactMethod.SysAiVisit,
  details: grade.text,
  remindAt: null,
  handledAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  callId: 9,
  resultLevel: 21,
  detailsMessage: messageOf(grade),
  ...over,
});

describe('followUpDetails', () => {
  it("renders an AI-visit record's reason in the reader's language; the rule name stays as written", () => {
    expect(followUpDetails(record({}), en)).toBe('yes 2 times, talked 42 s → rule “有兴趣” → A');
    expect(followUpDetails(record({}), zh)).toBe('肯定2次、通话42秒 → 规则「有兴趣」→ A');
  });

  it('shows an older AI-visit row (no code) and a code the client does not know as stored', () => {
    expect(followUpDetails(record({ detailsMessage: null }), en)).toBe(grade.text);
    expect(followUpDetails(record({ detailsMessage: undefined }), en)).toBe(grade.text);
    const unknown = record({ detailsMessage: { code: 'noSuchCode' as never }, details: '旧的原因' });
    expect(followUpDetails(unknown, en)).toBe('旧的原因');
  });

  it("keeps a person's record as typed and quotes the customer in a callback reminder", () => {
    const typed = record({
      callId: null,
      contactMethod: ContactMethod.Phone,
      details: '客户说下周再联系',
      detailsMessage: null,
    });
    expect(followUpDetails(typed, en)).toBe('客户说下周再联系');
    const reminder = record({
      recordType: RecordType.Reminder,
      details: '明天下午打给我',
      detailsMessage: null,
    });
    expect(followUpDetails(reminder, en)).toBe(
      'The customer asked for a callback during a call: 明天下午打给我',
    );
    expect(followUpDetails(reminder, zh)).toBe('客户在通话中要求回电：明天下午打给我');
  });
});
