// One push request: POST JSON to the checked address through the shared outbound request (pinned
// address, no redirects followed, bounded time), at most a short piece of the answer read.
import type { Target } from './guard';
import { OutboundFailed, isRedirect, sendRequest } from '../../../../config/outbound/request';

export interface SendResult {
  /** HTTP status of the answer; null when there was none (network error, time limit). */
  status: number | null;
  error: string | null;
}

const SNIPPET = 300;

export async function postJson(
  target: Target,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<SendResult> {
  try {
    const r = await sendRequest(target, {
      method: 'POST',
      body,
      headers: {
        ...headers,
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'CallPlat-Push/1',
      },
      timeoutMs,
      maxBytes: SNIPPET,
    });
    if (r.status >= 200 && r.status < 300) return { status: r.status, error: null };
    const where = isRedirect(r.status) ? ` (redirect to ${r.headers.location ?? '?'} not followed)` : '';
    const text = r.body.toString('utf8');
    return { status: r.status, error: `HTTP ${r.status}${where}${text ? `: ${text}` : ''}` };
  } catch (e) {
    if (!(e instanceof OutboundFailed)) throw e;
    return { status: null, error: e.message };
  }
}
