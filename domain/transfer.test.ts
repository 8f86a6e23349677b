import { bridgeFailure, OFFER_RING_MS, offerDeadline, validTransferWait } from './transfer';

describe('the manual-transfer wait (SPEC §9)', () => {
  it('is 0 (for ever) or a multiple of 5 seconds up to 600', () => {
    for (const w of [0, 5, 30, 600]) expect(validTransferWait(w)).toBe(true);
    for (const w of [3, -5, 605, 2.5, '30', null, undefined, NaN]) expect(validTransferWait(w)).toBe(false);
  });

  it('an offer rings OFFER_RING_MS, or less when the wait ends first; for ever waits only ring', () => {
    expect(offerDeadline(1000, null)).toBe(1000 + OFFER_RING_MS);
    expect(offerDeadline(1000, 6000)).toBe(6000);
    expect(offerDeadline(1000, 1000 + OFFER_RING_MS + 1)).toBe(1000 + OFFER_RING_MS);
  });
});

describe('bridgeFailure', () => {
  it('reads the cause from originate_disposition, as FreeSWITCH 1.10.12 completes bridge with _none_', () => {
    for (const cause of [
      'USER_NOT_REGISTERED',
      'CALL_REJECTED',
      'NO_ANSWER',
      'USER_BUSY',
      'SUBSCRIBER_ABSENT',
    ])
      expect(bridgeFailure({ response: '_none_', originateDisposition: cause })).toBe(cause);
    expect(bridgeFailure({ response: '_none_', originateDisposition: 'SUCCESS' })).toBeNull();
    // Older switches said "call accepted"; no disposition at all tells nothing either.
    expect(bridgeFailure({ response: '_none_', originateDisposition: 'call accepted' })).toBeNull();
    expect(bridgeFailure({ response: '_none_' })).toBeNull();
  });

  it('takes a reply that is itself a cause when no disposition says otherwise', () => {
    expect(bridgeFailure({ response: 'CALL_REJECTED' })).toBe('CALL_REJECTED');
    for (const ok of ['_none_', '', 'NORMAL_CLEARING', 'SUCCESS', '+OK', null, undefined])
      expect(bridgeFailure({ response: ok })).toBeNull();
  });
});
