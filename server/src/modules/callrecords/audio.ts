// The voice files of a record: each line's khvoicepath (prompt files the robot played, the call's
// recording with a time fragment for the customer's words) as authenticated urls. Only files under the
// media worker's audio folders are ever served (a path stored elsewhere is treated as missing), so a
// record can never be used to read another file of the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import {
  callAudioFiles,
  splitVoicePath,
  type CallRecordLine,
  type CallRecordView,
  type VoiceRef,
} from '../../../../domain/callRecords';
import type { ConversationLine } from '../../../../domain/calls';

/**
 * The folders the media worker writes audio to (media/src/calls/prompts.ts promptCacheDir and
 * recordingsDir; FreeSWITCH records into the latter). CALL_AUDIO_DIRS (path-separated) replaces them
 * where a deployment mounts them elsewhere.
 */
export function audioRoots(): string[] {
  const env = process.env.CALL_AUDIO_DIRS;
  if (env)
    return env
      .split(path.delimiter)
      .filter(Boolean)
      .map((d) => path.resolve(d));
  // MEDIA_DIR: the media worker's root for both folders (media/src/calls/prompts.ts mediaRoot).
  const root = process.env.MEDIA_DIR || os.tmpdir();
  return [path.join(root, 'callplat-prompts'), path.join(root, 'callplat-recordings')];
}

/** The file's real path when it is a .wav under one of the roots and exists, else null. */
export async function servableFile(file: string): Promise<string | null> {
  if (!path.isAbsolute(file) || path.extname(file).toLowerCase() !== '.wav') return null;
  const real = await fs.promises.realpath(file).catch(() => null);
  if (!real) return null;
  for (const root of audioRoots()) {
    const r = await fs.promises.realpath(root).catch(() => null);
    if (r && real.startsWith(r + path.sep)) {
      const st = await fs.promises.stat(real).catch(() => null);
      return st?.isFile() ? real : null;
    }
  }
  return null;
}

/** Host names that are this machine: a node there writes its files where this server reads them. */
export function isLocalHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || h.startsWith('127.') || h === os.hostname().toLowerCase();
}

/** Whether the named FreeSWITCH node runs on another machine (false when the node is unknown). */
export async function nodeIsRemote(db: Knex, name: string | null): Promise<boolean> {
  if (!name) return false;
  const node = await db('fs_nodes').where({ name }).first('esl_host');
  return node ? !isLocalHost(String(node.esl_host)) : false;
}

/**
 * Voice references of a record: the recording and each line's voices, with urls of existing files
 * and, for the others, why they cannot be played. `remoteNode`: the call ran on a FreeSWITCH node of
 * another machine (its recording is written there).
 */
export async function voiceRefs(
  uuid: string,
  view: CallRecordView,
  recordingPath: string | null,
  lines: ConversationLine[],
  remoteNode = false,
): Promise<{ recording: VoiceRef; lines: CallRecordLine[] }> {
  const files = callAudioFiles(recordingPath, lines);
  const exists = await Promise.all(files.map(async (f) => (await servableFile(f)) !== null));
  const notRecorded: VoiceRef = { url: null, fragment: null, exists: false, missing: 'notRecorded' };
  const ref = (p: string): VoiceRef => {
    const { file, fragment } = splitVoicePath(p);
    const i = files.indexOf(file);
    if (i >= 0 && exists[i])
      return {
        url: `/api/callrecords/${uuid}/audio/${i}?view=${view}`,
        fragment,
        exists: true,
        missing: null,
      };
    return { url: null, fragment, exists: false, missing: remoteNode ? 'nodeUnreachable' : 'fileMissing' };
  };
  return {
    recording: recordingPath ? ref(recordingPath) : notRecorded,
    // A line without a voice was said while nothing recorded (the recording failed to start).
    lines: lines.map(({ khvoicepath, ...l }) => ({
      ...l,
      voices: khvoicepath.length ? khvoicepath.map(ref) : [notRecorded],
    })),
  };
}
