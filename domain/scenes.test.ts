import { didOf, sceneTarget, validateScene, type SceneRouteRow } from './scenes';

const ok = {
  name: '售后',
  did: '4008001234',
  lineId: 1,
  target: 'bot',
  botId: 2,
  seatGroupId: null,
  waitSeconds: 30,
  enabled: true,
};

describe('validateScene', () => {
  it('accepts a bot scene and a seat-group scene', () => {
    expect(validateScene(ok)).toEqual({});
    expect(validateScene({ ...ok, target: 'seatGroup', botId: null, seatGroupId: 3 })).toEqual({});
  });
  it('needs a name of at least 2 characters (SPEC §5)', () => {
    expect(validateScene({ ...ok, name: '' }).name).toBe('required');
    expect(validateScene({ ...ok, name: ' 售 ' }).name).toBe('name');
    expect(validateScene({ ...ok, name: 'x'.repeat(65) }).name).toBe('tooLong');
    expect(validateScene({ ...ok, name: 12 }).name).toBe('required');
  });
  it('needs a DID of 2–20 digits', () => {
    expect(validateScene({ ...ok, did: '' }).did).toBe('required');
    expect(validateScene({ ...ok, did: '1' }).did).toBe('did');
    expect(validateScene({ ...ok, did: '12a4' }).did).toBe('did');
    expect(validateScene({ ...ok, did: '1'.repeat(21) }).did).toBe('did');
    expect(validateScene({ ...ok, did: 4008 }).did).toBe('required');
  });
  it('needs a line and the target id of its kind only', () => {
    expect(validateScene({ ...ok, lineId: null }).lineId).toBe('required');
    expect(validateScene({ ...ok, lineId: 1.5 }).lineId).toBe('invalid');
    expect(validateScene({ ...ok, target: 'queue' }).target).toBe('required');
    expect(validateScene({ ...ok, botId: null }).botId).toBe('required');
    expect(validateScene({ ...ok, seatGroupId: 4 }).seatGroupId).toBe('invalid');
    expect(validateScene({ ...ok, target: 'seatGroup', seatGroupId: null }).seatGroupId).toBe('required');
    expect(validateScene({ ...ok, target: 'seatGroup', seatGroupId: 3 }).botId).toBe('invalid');
    expect(validateScene({ ...ok, enabled: 'yes' }).enabled).toBe('invalid');
  });
  it('takes a ring wait of 0 (for ever) to 600 s in steps of 5 (SPEC §9), or none', () => {
    for (const w of [0, 5, 30, 600])
      expect(validateScene({ ...ok, waitSeconds: w }).waitSeconds).toBeUndefined();
    const { waitSeconds: _, ...without } = ok;
    expect(validateScene(without)).toEqual({});
    for (const w of [3, -5, 605, 2.5, '30', null, NaN])
      expect(validateScene({ ...ok, waitSeconds: w }).waitSeconds).toBe('wait');
  });
});

describe('sceneTarget', () => {
  const row: SceneRouteRow = {
    id: 7,
    accountId: 5,
    lineId: 1,
    enabled: true,
    target: 'bot',
    botId: 2,
    botVersion: 3,
    seatGroupId: null,
    waitSeconds: 45,
  };
  it('routes to the bot’s published version or the seat group', () => {
    expect(sceneTarget(row)).toEqual({
      kind: 'bot',
      accountId: 5,
      sceneId: 7,
      lineId: 1,
      botId: 2,
      botVersion: 3,
    });
    expect(
      sceneTarget({ ...row, target: 'seatGroup', botId: null, botVersion: null, seatGroupId: 9 }),
    ).toEqual({
      kind: 'seatGroup',
      accountId: 5,
      sceneId: 7,
      lineId: 1,
      seatGroupId: 9,
      waitSeconds: 45,
    });
  });
  it('rejects unknown numbers, disabled scenes and unpublished bots', () => {
    expect(sceneTarget(null)).toEqual({ kind: 'reject', why: 'unknownNumber' });
    // A known scene's refusal names the scene, so its owner gets the record (never another's).
    expect(sceneTarget({ ...row, enabled: false })).toEqual({ kind: 'reject', why: 'disabled', sceneId: 7 });
    expect(sceneTarget({ ...row, botVersion: null })).toEqual({
      kind: 'reject',
      why: 'botUnpublished',
      sceneId: 7,
    });
    expect(sceneTarget({ ...row, target: 'seatGroup', seatGroupId: null })).toEqual({
      kind: 'reject',
      why: 'noGroup',
      sceneId: 7,
    });
  });
});

describe('didOf', () => {
  it('keeps digits, drops a leading plus, refuses the rest', () => {
    expect(didOf('4008001234')).toBe('4008001234');
    expect(didOf('+8610123')).toBe('8610123');
    expect(didOf('1000@example')).toBeNull();
    expect(didOf('')).toBeNull();
    expect(didOf(undefined)).toBeNull();
  });
});
