import { softphoneCdrOf } from './cdr';

const UUID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const doc = (vars: Record<string, string>) => ({
  'core-uuid': 'c0ffee00-0000-4000-8000-000000000000',
  channel_data: { direction: 'inbound' },
  variables: {
    uuid: UUID,
    direction: 'inbound',
    user_name: '8001',
    sip_req_user: '13800138000',
    start_epoch: '1795000000',
    answer_epoch: '1795000005',
    end_epoch: '1795000047',
    billsec: '42',
    hangup_cause: 'NORMAL_CLEARING',
    'sip_h_X-Callplat-Record': '17',
    ...vars,
  },
});

describe('softphoneCdrOf (mod_json_cdr)', () => {
  it("reads a softphone's leg: extension, number, record, talk time and times", () => {
    expect(softphoneCdrOf(doc({}))).toEqual({
      uuid: UUID,
      extension: '8001',
      destination: '13800138000',
      recordId: 17,
      answered: true,
      billsec: 42,
      hangupCause: 'NORMAL_CLEARING',
      startedAt: new Date(1795000000_000),
      answeredAt: new Date(1795000005_000),
      endedAt: new Date(1795000047_000),
    });
  });

  it('decodes URL-encoded values (encode-values) and upper-case uuids', () => {
    const r = softphoneCdrOf(doc({ uuid: UUID.toUpperCase(), hangup_cause: 'ORIGINATOR%5FCANCEL' }));
    expect(r).toMatchObject({ uuid: UUID, hangupCause: 'ORIGINATOR_CANCEL' });
  });

  it('an unanswered leg bills nothing, whatever billsec says', () => {
    expect(softphoneCdrOf(doc({ answer_epoch: '0', billsec: '9' }))).toMatchObject({
      answered: false,
      answeredAt: null,
      billsec: 0,
    });
  });

  it('a leg that is not a softphone (gateway leg, caller not in the directory) is "other"', () => {
    expect(softphoneCdrOf(doc({ direction: 'outbound' }))).toBe('other');
    expect(softphoneCdrOf(doc({ user_name: '' }))).toBe('other');
  });

  it('takes the extension from callplat_extension when the phone authenticated with its auth name', () => {
    const r = softphoneCdrOf(
      doc({ user_name: 'seat8001', number_alias: 'seat8001', callplat_extension: '8002' }),
    );
    expect(r).toMatchObject({ extension: '8002' });
  });

  it('a record header that is not an id is ignored', () => {
    expect(softphoneCdrOf(doc({ 'sip_h_X-Callplat-Record': '17; DROP' }))).toMatchObject({ recordId: null });
  });

  it.each([
    [null, 'not a JSON object'],
    [[], 'not a JSON object'],
    [{}, 'variables missing'],
    [doc({ user_name: '80a1' }), 'user_name is not an extension'],
    [doc({ uuid: 'x' }), 'uuid missing or invalid'],
    [doc({ end_epoch: '' }), 'start_epoch or end_epoch missing'],
    [doc({ billsec: '-3' }), 'billsec is not a number of seconds'],
  ])('refuses %j: %s', (input, problem) => {
    expect(softphoneCdrOf(input)).toBe(problem);
  });
});
