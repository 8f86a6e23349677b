// A call's dialogue rounds and score, computed from its transcript (what the record shows), so they
// agree with the conversation the user reads:
// - a round is a customer turn (speech or key press) the robot answered: a run of customer lines
//   followed by a robot line (SPEC §4 5010 "dialogue rounds", as the engine counts them);
// - the score is the sum of the SPEC §2 branch scores of the branches the robot took (robot lines
//   whose engine reason is a branch hit), read from the bot version the call ran.
import type { BotDefinition } from './bot/definition';

interface Line {
  khtype: string;
  khcontent: string;
  reason?: unknown;
}

const isCustomer = (l: Line) => l.khtype === 'customer' && l.khcontent.trim() !== '';
const isRobot = (l: Line) => l.khtype === 'robot';

export function roundsFromLines(lines: readonly Line[]): number {
  let rounds = 0;
  let waiting = false;
  for (const l of lines) {
    if (isCustomer(l)) waiting = true;
    else if (isRobot(l) && waiting) {
      rounds++;
      waiting = false;
    }
  }
  return rounds;
}

const key = (flowId: unknown, nodeId: unknown, branchId: unknown) => `${flowId}/${nodeId}/${branchId}`;

/** 'flow/node/branch' -> score, over every node of every flow. */
export function branchScores(def: Pick<BotDefinition, 'flows'> | null | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of def?.flows ?? [])
    for (const n of f.nodes ?? [])
      for (const b of n.branches ?? []) out.set(key(f.id, n.id, b.id), Number(b.score) || 0);
  return out;
}

type BranchReason = { kind?: unknown; flowId?: unknown; nodeId?: unknown; branchId?: unknown };

const branchOf = (reason: unknown): string | null => {
  const r = (typeof reason === 'string' ? safeJson(reason) : reason) as BranchReason | null;
  return r && r.kind === 'branch' && typeof r.branchId === 'string'
    ? key(r.flowId, r.nodeId, r.branchId)
    : null;
};

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

export function scoreFromLines(lines: readonly Line[], scores: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const l of lines) {
    if (!isRobot(l)) continue;
    const b = branchOf(l.reason);
    if (b !== null) total += scores.get(b) ?? 0;
  }
  return total;
}
