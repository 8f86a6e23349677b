// Dialogue rounds and score of listed or opened calls, computed from their transcripts (domain/callTurns)
// with the branch scores of the bot version each call ran: two queries for a whole page.
import type { Knex } from 'knex';
import { branchScores, roundsFromLines, scoreFromLines } from '../../../../domain/callTurns';

export interface Turns {
  rounds: number;
  score: number;
}

export async function turnsOf(
  db: Knex,
  calls: readonly { id: number; botId: number; botVersion: number }[],
): Promise<Map<number, Turns>> {
  const out = new Map<number, Turns>();
  if (calls.length === 0) return out;
  const [lines, versions] = await Promise.all([
    db('conversation_lines')
      .whereIn(
        'call_id',
        calls.map((c) => c.id),
      )
      .orderBy(['call_id', 'seq'])
      .select('call_id', 'khtype', 'khcontent', 'reason'),
    db('bot_versions')
      .whereIn(
        ['bot_id', 'version'],
        [...new Set(calls.map((c) => `${c.botId}:${c.botVersion}`))].map((k) => k.split(':').map(Number)),
      )
      .select('bot_id', 'version', 'definition'),
  ]);
  const scores = new Map(versions.map((v) => [`${v.bot_id}:${v.version}`, branchScores(v.definition)]));
  const byCall = new Map<number, typeof lines>();
  for (const l of lines) {
    const id = Number(l.call_id);
    if (!byCall.has(id)) byCall.set(id, []);
    byCall.get(id)!.push(l);
  }
  for (const c of calls) {
    const ls = byCall.get(c.id) ?? [];
    out.set(c.id, {
      rounds: roundsFromLines(ls),
      score: scoreFromLines(ls, scores.get(`${c.botId}:${c.botVersion}`) ?? new Map()),
    });
  }
  return out;
}
