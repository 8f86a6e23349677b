import { hasMediaBug, isErrReply, playbackFailed } from './switchReplies';

describe('switch replies', () => {
  it('-ERR replies are errors, +OK and bodies are not', () => {
    expect(isErrReply('-ERR uuid_google_transcribe Command not found!\n')).toBe(true);
    expect(isErrReply('+OK Success\n')).toBe(false);
    expect(isErrReply('<media-bugs>\n</media-bugs>\n')).toBe(false);
  });

  it('a playback that found no file or failed is not played', () => {
    expect(playbackFailed('FILE NOT FOUND')).toBe(true);
    expect(playbackFailed('PLAYBACK ERROR')).toBe(true);
    expect(playbackFailed('FILE PLAYED')).toBe(false);
  });

  it('reads uuid_buglist as FreeSWITCH 1.10.12 prints it', () => {
    const avmd =
      '<media-bugs>\n <media-bug>\n  <function>avmd</function>\n  <target>N/A</target>\n' +
      '  <thread-locked>0</thread-locked>\n </media-bug>\n</media-bugs>\n';
    expect(hasMediaBug(avmd, 'avmd')).toBe(true);
    expect(hasMediaBug(avmd, 'detect_speech')).toBe(false);
    expect(hasMediaBug('<media-bugs>\n</media-bugs>\n', 'avmd')).toBe(false);
    expect(hasMediaBug('-ERR uuid_buglist Command not found!\n', 'avmd')).toBeNull();
  });
});
