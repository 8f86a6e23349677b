// The microphone a seat needs to take a call on its web softphone. Checked when the seat accepts a
// pop-up (before the server is told), so a browser without one says why at once and the call goes to
// the next seat instead of ringing a phone that cannot answer.

/** Why there is no microphone: none plugged in, not allowed, or anything else getUserMedia threw. */
export type MicProblem = 'notFound' | 'notAllowed' | 'other';

/** The problem a getUserMedia rejection stands for (DOMException names, as browsers report them). */
export function micProblemOf(err: unknown): MicProblem {
  const name = err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return 'notFound';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError')
    return 'notAllowed';
  return 'other';
}

/** Null when a microphone can be opened (it is closed again at once), else why not. Never throws. */
export async function checkMicrophone(): Promise<MicProblem | null> {
  const md = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  if (!md?.getUserMedia) return 'notFound';
  try {
    const stream = await md.getUserMedia({ audio: true, video: false });
    for (const t of stream.getTracks()) t.stop();
    return null;
  } catch (err) {
    return micProblemOf(err);
  }
}
