// How FreeSWITCH says a command or an application failed, as checked on 1.10.12:
// - api / bgapi answer `-ERR …` (`uuid_google_transcribe` without its module: "-ERR uuid_google_transcribe
//   Command not found!");
// - playback completes with Application-Response "FILE NOT FOUND" or "PLAYBACK ERROR" (mod_dptools
//   playback_function; "FILE PLAYED" otherwise, also when broken off);
// - `detect_speech` and `avmd_start` complete with "_none_" whether they started or not (an unknown ASR
//   module, an avmd direction the leg lacks are only logged): whether their media bug is on the channel
//   (`uuid_buglist`) is the only sign they run.

export const isErrReply = (reply: string): boolean => reply.trimStart().startsWith('-ERR');

/** A playback's Application-Response that means nothing was played. */
export const playbackFailed = (response: string): boolean =>
  response === 'FILE NOT FOUND' || response === 'PLAYBACK ERROR';

/**
 * Whether `uuid_buglist` lists a media bug of function `fn` (`<function>avmd</function>`); null when the
 * reply is no bug list (a switch or simulator without the command): nothing can be concluded then.
 */
export function hasMediaBug(reply: string, fn: string): boolean | null {
  if (!reply.includes('<media-bugs')) return null;
  return [...reply.matchAll(/<function>([^<]*)<\/function>/g)].some((m) => m[1]?.trim() === fn);
}

/** The media bug `detect_speech` attaches (switch_ivr_detect_speech) and mod_avmd's. */
export const DETECT_SPEECH_BUG = 'detect_speech';
export const AVMD_BUG = 'avmd';
