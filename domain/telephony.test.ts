import { greetingKindOf, HangupCause, Q850, ResultLevel, resultLevelOf, TABLE } from './telephony';

describe('resultLevelOf', () => {
  it.each([
    ['SUBSCRIBER_ABSENT', 480, 62],
    ['UNALLOCATED_NUMBER', 404, 63],
    ['NUMBER_CHANGED', 410, 63],
    ['INVALID_NUMBER_FORMAT', 484, 63],
    ['CALL_REJECTED', 403, 64],
    ['INCOMING_CALL_BARRED', 403, 79],
    ['CALL_REJECTED', 603, 65],
    ['USER_BUSY', 600, 69],
    ['USER_BUSY', 486, 67],
    ['NO_ANSWER', 487, 68],
    ['NO_USER_RESPONSE', 480, 68],
    ['ORIGINATOR_CANCEL', 487, 68],
    ['NO_ROUTE_DESTINATION', null, 66],
    ['NORMAL_TEMPORARY_FAILURE', 503, 66],
    ['DESTINATION_OUT_OF_ORDER', 502, 66],
    ['NETWORK_OUT_OF_ORDER', null, 66],
    ['RECOVERY_ON_TIMER_EXPIRE', 408, 66],
    ['NORMAL_CLEARING', null, 90],
    ['SOMETHING_NEW', 500, 90],
  ] as const)('%s with SIP %s -> %i', (hangupCause, sipStatus, level) => {
    expect(resultLevelOf({ hangupCause, sipStatus, answered: false })).toBe(level);
  });

  it('covers every table row with the cases above', () => {
    expect(TABLE).toHaveLength(17);
    for (const row of TABLE) expect(Object.values(HangupCause)).toContain(row.cause);
  });

  it('accepts the SIP status as the string FreeSWITCH sends', () => {
    expect(resultLevelOf({ hangupCause: 'USER_BUSY', sipStatus: '600', answered: false })).toBe(69);
    expect(resultLevelOf({ hangupCause: 'CALL_REJECTED', sipStatus: undefined, answered: false })).toBe(65);
  });

  it('leaves answered calls to the intention rules, unless a machine answered', () => {
    expect(resultLevelOf({ hangupCause: 'NORMAL_CLEARING', sipStatus: 200, answered: true })).toBeNull();
    expect(resultLevelOf({ hangupCause: 'NORMAL_CLEARING', answered: true, greeting: 'voicemail' })).toBe(70);
    expect(resultLevelOf({ hangupCause: 'NORMAL_CLEARING', answered: true, greeting: 'assistant' })).toBe(70);
  });

  it('puts the blacklist before anything the network said', () => {
    expect(resultLevelOf({ hangupCause: 'USER_BUSY', answered: false, blacklisted: true })).toBe(
      ResultLevel.blacklist,
    );
  });

  it('knows the Q.850 numbers', () => {
    expect(Q850.USER_BUSY).toBe(17);
    expect(Q850.SUBSCRIBER_ABSENT).toBe(20);
    expect(Q850.INCOMING_CALL_BARRED).toBe(54);
  });
});

describe('greetingKindOf', () => {
  it('tells voicemail and call assistants from people', () => {
    expect(greetingKindOf('您好，机主现在无法接听，请在提示音后留言')).toBe('voicemail');
    expect(greetingKindOf('您好，我是机主的智能助理，请问您有什么事？')).toBe('assistant');
    expect(greetingKindOf('喂，你好')).toBeNull();
  });
});
