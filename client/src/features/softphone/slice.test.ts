import { authActions } from '../auth/slice';
import {
  initialSoftphoneState,
  softphoneActions as A,
  softphoneReducer as reduce,
  type SoftphoneState,
} from './slice';

const run = (...actions: Parameters<typeof reduce>[1][]) =>
  actions.reduce<SoftphoneState>((s, a) => reduce(s, a), initialSoftphoneState);

describe('softphone slice', () => {
  it('an incoming call rings, is answered, held only once the re-INVITE is accepted, and clears after it ends', () => {
    let s = run(
      A.registrationChanged({ state: 'registered' }),
      A.incoming({ number: '139****0001', callUuid: 'u1' }),
      A.recordCreated(7),
    );
    expect(s.call).toMatchObject({ direction: 'in', phase: 'incoming', recordId: 7, callUuid: 'u1' });
    s = reduce(s, A.established('2026-11-23T00:00:00.000Z'));
    expect(s.call).toMatchObject({ phase: 'active', answeredAt: '2026-11-23T00:00:00.000Z' });
    s = reduce(s, A.holdToggled());
    expect(s.call).toMatchObject({ held: false, holding: true });
    s = reduce(s, A.holdSettled({ held: true, ok: false }));
    expect(s.call).toMatchObject({ held: false, holding: false });
    s = reduce(reduce(s, A.holdToggled()), A.holdSettled({ held: true, ok: true }));
    expect(s.call!.held).toBe(true);
    s = reduce(reduce(s, A.muteToggled()), A.dtmfSent('5'));
    expect(s.call).toMatchObject({ muted: true, digits: '5' });
    s = reduce(s, A.ended());
    expect(s.call!.phase).toBe('ended');
    expect(reduce(s, A.muteToggled()).call!.muted).toBe(true);
    expect(reduce(s, A.cleared()).call).toBeNull();
  });

  it('a dial: refused with a message, or started and ringing; cleared never drops a new call', () => {
    let s = run(A.dialRequested('12'), A.dialRefused('拨打的号码不正确'));
    expect(s).toMatchObject({ dialing: false, dialError: '拨打的号码不正确', call: null });
    s = reduce(reduce(s, A.dialRequested('9999')), A.dialStarted({ number: '9999', recordId: 3 }));
    expect(s.dialError).toBeNull();
    expect(s.call).toMatchObject({ direction: 'out', phase: 'dialing', recordId: 3 });
    s = reduce(s, A.progressed());
    expect(s.call!.phase).toBe('ringing');
    expect(reduce(s, A.cleared()).call).not.toBeNull();
  });

  it('an account without an extension seat has no phone and no error', () => {
    const s = run(A.configFailed('earlier'), A.noSeat());
    expect(s).toMatchObject({ config: null, configError: null, registration: 'unconfigured' });
  });

  it('a failed configuration leaves the phone unconfigured; logging out resets everything', () => {
    const s = run(A.registrationChanged({ state: 'failed', reason: 'x' }), A.configFailed('no seat'));
    expect(s).toMatchObject({ config: null, configError: 'no seat', registration: 'unconfigured' });
    expect(reduce(run(A.incoming({ number: '1', callUuid: null })), authActions.sessionCleared())).toEqual(
      initialSoftphoneState,
    );
  });

  it('a call accepted in the transfer pop-up is marked so (the phone answers it); a failed answer keeps why', () => {
    let s = run(A.incoming({ number: '139****0001', callUuid: 'u2', accepted: true }));
    expect(s.call).toMatchObject({ phase: 'incoming', accepted: true });
    s = reduce(s, A.mediaFailed('notFound'));
    expect(s.micProblem).toBe('notFound');
    s = reduce(s, A.incoming({ number: '139****0002', callUuid: 'u3' }));
    expect(s.call!.accepted).toBe(false);
    expect(s.micProblem).toBeNull();
  });
});
