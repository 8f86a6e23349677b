import { parsePrefs, toggleHidden } from './tablePrefs';

const defaults = { hidden: ['callId'], density: 'compact' as const };

describe('table prefs', () => {
  it('keeps stored hideable columns and a known density', () => {
    expect(
      parsePrefs('{"hidden":["bot","actions"],"density":"comfortable"}', ['bot', 'callId'], defaults),
    ).toEqual({
      hidden: ['bot'],
      density: 'comfortable',
    });
  });
  it('falls back to the defaults on nothing or garbage', () => {
    expect(parsePrefs(null, ['bot'], defaults)).toEqual(defaults);
    expect(parsePrefs('{oops', ['bot'], defaults)).toEqual(defaults);
    expect(parsePrefs('{"density":"huge"}', ['bot'], defaults)).toEqual(defaults);
  });
  it('toggles a column', () => {
    expect(toggleHidden(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleHidden(['a', 'b'], 'a')).toEqual(['b']);
  });
});
