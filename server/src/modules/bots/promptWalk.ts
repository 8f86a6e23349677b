// Visits every prompt of a definition under the same stable keys as domain/bot/prompts.ts
// listPrompts (n:/b:/nm:/si: flow:node[:branch], q:question, then the index), so a recording
// uploaded for a key can be attached to its prompt and recording ids can be remapped on copy.
import type { BotDefinition, Prompt } from '../../../../domain/bot/definition';

export function eachPrompt(def: BotDefinition, visit: (key: string, p: Prompt) => void): void {
  const all = (prefix: string, prompts: Prompt[] | undefined) =>
    (prompts ?? []).forEach((p, i) => visit(`${prefix}:${i}`, p));
  for (const flow of def.flows ?? [])
    for (const node of flow.nodes ?? []) {
      const ids = `${flow.id}:${node.id}`;
      all(`n:${ids}`, node.prompts);
      for (const b of node.branches ?? []) all(`b:${ids}:${b.id}`, b.prompts);
      all(`nm:${ids}`, node.noMatch?.prompts);
      all(`si:${ids}`, node.silence?.prompts);
    }
  for (const q of def.knowledge ?? []) all(`q:${q.id}`, q.prompts);
}

/** A deep copy with each prompt's recordingId replaced by `map(key, old)`. */
export function mapRecordingIds(
  def: BotDefinition,
  map: (key: string, old: number | null) => number | null,
): BotDefinition {
  const copy = structuredClone(def);
  eachPrompt(copy, (key, p) => {
    const next = map(key, p.recordingId ?? null);
    if (next === null) delete p.recordingId;
    else p.recordingId = next;
  });
  return copy;
}
