import { hasMediaBug } from '../calls/switchReplies';
import { MediaBugs } from './mediaBugs';

// uuid_buglist replies captured from FreeSWITCH 1.10.12 (an originated leg: nothing, then avmd_start,
// then record_session, then `avmd <uuid> stop`).
const REAL_EMPTY = '<media-bugs>\n</media-bugs>\n';
const REAL_AVMD =
  '<media-bugs>\n <media-bug>\n  <function>avmd</function>\n  <target>N/A</target>\n  <thread-locked>0</thread-locked>\n </media-bug>\n</media-bugs>\n';
const REAL_AVMD_RECORD =
  '<media-bugs>\n <media-bug>\n  <function>avmd</function>\n  <target>N/A</target>\n  <thread-locked>0</thread-locked>\n </media-bug>\n <media-bug>\n  <function>session_record</function>\n  <target>/tmp/e-fs/r.wav</target>\n  <thread-locked>0</thread-locked>\n </media-bug>\n</media-bugs>\n';
const REAL_RECORD =
  '<media-bugs>\n <media-bug>\n  <function>session_record</function>\n  <target>/tmp/e-fs/r.wav</target>\n  <thread-locked>0</thread-locked>\n </media-bug>\n</media-bugs>\n';

describe('the simulated uuid_buglist', () => {
  it('prints what the real switch prints, in the order the bugs were attached', () => {
    const bugs = new MediaBugs();
    expect(bugs.format()).toBe(REAL_EMPTY);
    bugs.add('avmd', 'N/A');
    expect(bugs.format()).toBe(REAL_AVMD);
    bugs.add('session_record', '/tmp/e-fs/r.wav');
    expect(bugs.format()).toBe(REAL_AVMD_RECORD);
    bugs.remove('avmd');
    expect(bugs.format()).toBe(REAL_RECORD);
  });

  it('is read by the media worker as it reads the real one', () => {
    const bugs = new MediaBugs();
    bugs.add('detect_speech', 'unimrcp/default//(null)');
    expect(hasMediaBug(bugs.format(), 'detect_speech')).toBe(true);
    expect(hasMediaBug(bugs.format(), 'avmd')).toBe(false);
    bugs.add('detect_speech', 'unimrcp/default//(null)');
    bugs.remove('detect_speech');
    expect(bugs.format()).toBe(REAL_EMPTY);
  });
});
