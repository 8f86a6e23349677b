// Whether a bot ever waits for a spoken answer. The engine (engine.ts enterNode) waits at a node with
// keyword branches, at an ivr or gather node (for keys), and at a prompt node whose next step waits
// for the customer (or that has no next step); a jump node or a prompt node with a next step moves on
// by itself. A bot whose every waiting node is an ivr or gather node goes on by keys alone: it needs
// no recognizer, so an IVR bot runs on a switch without ASR modules. What only speech reaches
// (knowledge questions, the global handling such as 转人工, a spoken "yes" to a menu, the LLM) then
// stays silent for it.
import type { BotDefinition, FlowNode } from './definition';

/** Whether the engine may wait at this node for something only a recognizer hears. */
export function nodeWaitsForSpeech(n: FlowNode): boolean {
  if (n.type === 'jump' || n.type === 'ivr' || n.type === 'gather') return false;
  if (n.branches.length > 0) return true;
  return !n.next || n.next.action === 1;
}

/** Whether any node of any flow waits for speech (multi-round flows included: a step may jump there). */
export const listensForSpeech = (def: BotDefinition): boolean =>
  def.flows.some((f) => f.nodes.some(nodeWaitsForSpeech));
