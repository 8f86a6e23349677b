import { bridgeFailed, OFFER_RING_MS, offerDeadline, validTransferWait } from './transfer';

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

describe('bridgeFailed', () => {
  it("reads a failure cause as the seat's leg never answering, and a bridge that ran as not", () => {
    for (const cause of ['USER_NOT_REGISTERED', 'CALL_REJECTED', 'NO_ANSWER', 'USER_BUSY'])
      expect(bridgeFailed(cause)).toBe(true);
    for (const ok of ['_none_', '', 'NORMAL_CLEARING', 'SUCCESS', '+OK', null, undefined])
      expect(bridgeFailed(ok)).toBe(false);
  });
});
