// The switch commands a call sends, built from checked parts only (esl/guard.ts): nothing from a
// job, a bot or a customer reaches the socket without passing a whitelist.
import type { DialJob } from '../../../domain/calls';
import {
  checkDigits,
  checkExtension,
  checkFile,
  checkId,
  checkNumber,
  checkUuid,
  escapeSimText,
} from '../esl/guard';
import { promptCacheDir, recordingsDir } from './prompts';

/** `originate {vars}sofia/gateway/line-<id>/<prefix><number> &park()` (mod_commands originate). */
export function originateCommand(
  job: Pick<DialJob, 'callUuid' | 'lineId' | 'phone'>,
  prefix: string,
  caller: string,
  timeoutSec: number,
): string {
  const number = checkNumber(checkDigits(prefix, 10, 'line prefix') + job.phone);
  const vars = [
    `origination_uuid=${checkUuid(job.callUuid)}`,
    `origination_caller_id_number=${checkDigits(caller, 20, 'caller number')}`,
    `originate_timeout=${Math.round(timeoutSec)}`,
  ];
  return `originate {${vars.join(',')}}sofia/gateway/line-${job.lineId}/${number} &park()`;
}

/**
 * bridge argument to a seat: its extension registered on the switch (`user/<ext>`), or its mobile
 * through the call's own line, as an outbound call of that line would go.
 */
export function seatDialString(
  seat: { type: 'extension' | 'mobile'; extension: string | null; mobile: string | null },
  line: { lineId: number; prefix: string },
  callUuid?: string,
): string {
  if (seat.type === 'extension') {
    // The INVITE to the seat's softphone names the call (X-Call-UUID): the phone then knows it is the
    // call its user accepted in the pop-up, and answers it by itself (one accept, one answer).
    const head = callUuid ? `{sip_h_X-Call-UUID=${checkUuid(callUuid)}}` : '';
    return `${head}user/${checkExtension(seat.extension ?? '')}`;
  }
  const number = checkNumber(checkDigits(line.prefix, 10, 'line prefix') + (seat.mobile ?? ''));
  return `sofia/gateway/line-${checkId(line.lineId, 'lineId')}/${number}`;
}

/**
 * playback argument: `{sim_text=…,cp_seq=N}/file.wav`. File-handle parameters in `{}` are copied
 * into PLAYBACK_START/STOP (switch_ivr_play_file), so cp_seq tells which prompt stopped and
 * sim_text is what the simulator's callee "hears".
 */
export function playbackArg(text: string, file: string, seq?: string): string {
  const params = [`sim_text=${escapeSimText(text)}`];
  if (seq) params.push(`cp_seq=${checkDigits(seq, 12, 'seq')}`);
  return `{${params.join(',')}}${checkFile(file, [promptCacheDir()])}`;
}

/** uuid_record of the whole call to one file (mod_commands uuid_record). */
export const recordCommand = (uuid: string, file: string): string =>
  `uuid_record ${checkUuid(uuid)} start ${checkFile(file, [recordingsDir()])}`;
