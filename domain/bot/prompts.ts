// Every fixed sentence a bot can say, with a stable key. The media worker pre-renders them when a
// version is published; the recordings page lists them so each can be recorded by a person.
import type { BotDefinition, Prompt } from './definition';

export interface PromptRef {
  /** Stable across edits that do not move the prompt: n:/b:/nm:/si: flow and node ids, q: question id, then the index. */
  promptKey: string;
  text: string;
  recordingId: number | null;
  /** Human-readable place, e.g. '开场白 / 问候 / 有兴趣'. */
  where: string;
}

/** Visits every prompt (empty ones too) with its stable key and a human-readable place. */
export function eachPrompt(def: BotDefinition, visit: (key: string, p: Prompt, where: string) => void): void {
  const all = (prefix: string, where: string, prompts: readonly Prompt[] | undefined) =>
    (prompts ?? []).forEach((p, i) => visit(`${prefix}:${i}`, p, where));
  for (const flow of def.flows ?? []) {
    for (const node of flow.nodes ?? []) {
      const where = `${flow.name} / ${node.name}`;
      const ids = `${flow.id}:${node.id}`;
      all(`n:${ids}`, where, node.prompts);
      for (const b of node.branches ?? []) all(`b:${ids}:${b.id}`, `${where} / ${b.name}`, b.prompts);
      all(`nm:${ids}`, `${where} / no match`, node.noMatch?.prompts);
      all(`si:${ids}`, `${where} / silence`, node.silence?.prompts);
    }
  }
  for (const q of def.knowledge ?? []) all(`q:${q.id}`, `knowledge / ${q.title}`, q.prompts);
}

/** Every prompt with text, in definition order. */
export function listPrompts(def: BotDefinition): PromptRef[] {
  const out: PromptRef[] = [];
  eachPrompt(def, (promptKey, p, where) => {
    const text = (p.text ?? '').trim();
    if (text) out.push({ promptKey, text, recordingId: p.recordingId ?? null, where });
  });
  return out;
}

/** A deep copy with each prompt's recordingId replaced by `map(key, old)` (null removes it). */
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
