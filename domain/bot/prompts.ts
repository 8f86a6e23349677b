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

export function listPrompts(def: BotDefinition): PromptRef[] {
  const out: PromptRef[] = [];
  const add = (prefix: string, where: string, prompts: readonly Prompt[] | undefined) =>
    (prompts ?? []).forEach((p, i) => {
      const text = (p.text ?? '').trim();
      if (text) out.push({ promptKey: `${prefix}:${i}`, text, recordingId: p.recordingId ?? null, where });
    });

  for (const flow of def.flows ?? []) {
    for (const node of flow.nodes ?? []) {
      const where = `${flow.name} / ${node.name}`;
      const ids = `${flow.id}:${node.id}`;
      add(`n:${ids}`, where, node.prompts);
      for (const b of node.branches ?? []) add(`b:${ids}:${b.id}`, `${where} / ${b.name}`, b.prompts);
      add(`nm:${ids}`, `${where} / no match`, node.noMatch?.prompts);
      add(`si:${ids}`, `${where} / silence`, node.silence?.prompts);
    }
  }
  for (const q of def.knowledge ?? []) add(`q:${q.id}`, `knowledge / ${q.title}`, q.prompts);
  return out;
}
