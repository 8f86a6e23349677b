import type { SceneDto } from '../../../../domain/scenes';
import { blankScene, formOf, inputOf, problemKeys } from './form';
import { callinActions as A, callinReducer, initialCallinState } from './slice';

describe('scene form', () => {
  it('sends only the chosen target’s id, trimmed', () => {
    const f = {
      ...blankScene,
      name: ' 售后 ',
      did: ' 4008001234 ',
      lineId: '3',
      botId: '5',
      seatGroupId: '7',
    };
    expect(inputOf(f)).toEqual({
      name: '售后',
      did: '4008001234',
      lineId: 3,
      target: 'bot',
      botId: 5,
      seatGroupId: null,
      waitSeconds: 30,
      enabled: true,
    });
    expect(inputOf({ ...f, target: 'seatGroup' })).toMatchObject({ botId: null, seatGroupId: 7 });
    expect(inputOf({ ...f, waitSeconds: ' 0 ' }).waitSeconds).toBe(0);
    expect(inputOf({ ...f, waitSeconds: 'ten' }).waitSeconds).toBeNaN();
    expect(inputOf({ ...f, lineId: '' }).lineId).toBeNull();
  });
  it('reads a stored scene back into the form', () => {
    const x = {
      name: 'a',
      did: '12',
      lineId: null,
      target: 'seatGroup',
      botId: null,
      seatGroupId: 4,
      waitSeconds: 0,
      enabled: false,
    };
    expect(formOf(x as SceneDto)).toEqual({
      ...x,
      lineId: '',
      botId: '',
      seatGroupId: '4',
      waitSeconds: '0',
    });
  });
  it('maps problems to callin keys', () => {
    expect(problemKeys({ name: 'name', did: undefined })).toEqual({ name: 'callin:validation.name' });
  });
});

describe('callin slice', () => {
  const scene = (id: number, name = `s${id}`) => ({ id, name }) as SceneDto;
  it('loads, saves and deletes scenes', () => {
    let s = callinReducer(initialCallinState, A.scenesRequested());
    expect(s.scenes.loading).toBe(true);
    s = callinReducer(
      s,
      A.scenesLoaded({ scenes: [scene(1)], options: { lines: [], bots: [], groups: [] } }),
    );
    expect(s.scenes).toMatchObject({ loading: false, loaded: true });
    s = callinReducer(s, A.editorOpened({ kind: 'scene', id: null }));
    s = callinReducer(s, A.saved(scene(2)));
    expect(s.editor.kind).toBeNull();
    s = callinReducer(s, A.saved(scene(1, 'renamed')));
    expect(s.scenes.items.map((x) => x.name)).toEqual(['renamed', 's2']);
    s = callinReducer(s, A.deleteOpened({ kind: 'scene', id: 2 }));
    s = callinReducer(s, A.deleted(2));
    expect(s.scenes.items.map((x) => x.id)).toEqual([1]);
    expect(s.deleting.kind).toBeNull();
    s = callinReducer(s, A.scenesFailed('boom'));
    expect(s.error).toBe('boom');
  });
});
