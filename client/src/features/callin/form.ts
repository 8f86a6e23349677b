// The scene form: what the dialog holds (strings of the inputs) to the domain input, and the
// domain's problems (domain/scenes.ts, the rules the server applies) to i18n keys.
import type { SceneDto, SceneInput, SceneProblems, SceneTarget } from '../../../../domain/scenes';
import { DEFAULT_TRANSFER_WAIT_S } from '../../../../domain/transfer';

export interface SceneForm {
  name: string;
  did: string;
  lineId: string;
  target: SceneTarget;
  botId: string;
  seatGroupId: string;
  waitSeconds: string;
  enabled: boolean;
}

export const blankScene: SceneForm = {
  name: '',
  did: '',
  lineId: '',
  target: 'bot',
  botId: '',
  seatGroupId: '',
  waitSeconds: String(DEFAULT_TRANSFER_WAIT_S),
  enabled: true,
};

const idOf = (s: string): number | null => (/^[1-9]\d*$/.test(s) ? Number(s) : null);
const str = (n: number | null) => (n === null ? '' : String(n));

export const formOf = (x: SceneDto): SceneForm => ({
  name: x.name,
  did: x.did,
  lineId: str(x.lineId),
  target: x.target,
  botId: str(x.botId),
  seatGroupId: str(x.seatGroupId),
  waitSeconds: String(x.waitSeconds),
  enabled: x.enabled,
});

/** The input sent: only the chosen target's id. */
export const inputOf = (f: SceneForm): SceneInput => ({
  name: f.name.trim(),
  did: f.did.trim(),
  lineId: idOf(f.lineId),
  target: f.target,
  botId: f.target === 'bot' ? idOf(f.botId) : null,
  seatGroupId: f.target === 'seatGroup' ? idOf(f.seatGroupId) : null,
  // Not a whole number: NaN, which the wait rule refuses like the server does.
  waitSeconds: /^\d+$/.test(f.waitSeconds.trim()) ? Number(f.waitSeconds.trim()) : NaN,
  enabled: f.enabled,
});

/** i18n key of each field's problem, `callin:validation.<problem>`. */
export function problemKeys(p: SceneProblems): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, problem] of Object.entries(p)) if (problem) out[field] = `callin:validation.${problem}`;
  return out;
}
