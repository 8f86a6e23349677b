import {
  callAudioFiles,
  compactFilter,
  fragmentTimes,
  filterToQuery,
  gradeDisplayKey,
  isPhoneFilter,
  recordingFragment,
  splitVoicePath,
} from './callRecords';

describe('gradeDisplayKey (SPEC §4 display reading)', () => {
  it.each([
    [21, 'A'],
    [26, 'F'],
    [63, 'c63'],
    [64, 'c64'],
    [70, 'c70'],
    [79, 'c79'],
    [62, 'unknown'],
    [71, 'unknown'],
    [90, 'unknown'],
    [27, 'unknown'],
    [null, 'unknown'],
  ])('%j reads %s', (level, key) => expect(gradeDisplayKey(level)).toBe(key));
});

describe('filters', () => {
  it('query parameters leave out empty fields and join lists', () => {
    expect(
      filterToQuery({ levels: [21, 63], name: '', phone: '0001', read: false, taskId: 3, focus: undefined }),
    ).toEqual({ levels: '21,63', phone: '0001', read: 'false', taskId: '3' });
  });
  it('compactFilter drops empty values and lists', () => {
    expect(compactFilter({ levels: [], name: '', minTalkS: 0, llmGrade: 'A' })).toEqual({
      minTalkS: 0,
      llmGrade: 'A',
    });
  });
  it.each([
    ['13800000001', true],
    ['0001', true],
    ['12800000001', false],
    ['123', false],
    ['abcd', false],
  ])('phone filter %s -> %s', (s, ok) => expect(isPhoneFilter(s)).toBe(ok));
});

describe('voice files', () => {
  it('splits a fragment off a voice path', () => {
    expect(splitVoicePath('/r/a.wav#t=3.5')).toEqual({ file: '/r/a.wav', fragment: 't=3.5' });
    expect(splitVoicePath('/p/b.wav')).toEqual({ file: '/p/b.wav', fragment: null });
  });
  it('lists distinct files, the recording first', () => {
    expect(
      callAudioFiles('/r/call.wav', [
        { khvoicepath: ['/p/hello.wav'] },
        { khvoicepath: ['/r/call.wav#t=2', '/r/call.wav#t=5'] },
        { khvoicepath: ['/p/hello.wav', '/p/bye.wav'] },
      ]),
    ).toEqual(['/r/call.wav', '/p/hello.wav', '/p/bye.wav']);
    expect(callAudioFiles(null, [])).toEqual([]);
  });
});

describe('recordingFragment / fragmentTimes', () => {
  it('writes where a line was said, in tenths of a second, and reads it back', () => {
    expect(recordingFragment('/r/a.wav', 1234, 3456)).toBe('/r/a.wav#t=1.2,3.5');
    expect(recordingFragment('/r/a.wav', -300, 400)).toBe('/r/a.wav#t=0,0.4');
    expect(recordingFragment('/r/a.wav', 2000, 1000)).toBe('/r/a.wav#t=2');
    expect(fragmentTimes('t=1.2,3.5')).toEqual({ start: 1.2, end: 3.5 });
    expect(fragmentTimes('t=3.5')).toEqual({ start: 3.5, end: null });
    expect(fragmentTimes('t=npt:2,4')).toEqual({ start: 2, end: 4 });
    expect(fragmentTimes('xywh=1,2,3,4')).toBeNull();
    expect(fragmentTimes(null)).toBeNull();
  });
});
