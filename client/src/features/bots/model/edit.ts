// Pure edits of the bot document: each takes a definition and returns a new one (never mutates).
import {
  DEFAULT_GLOBAL_HANDLING,
  NextAction,
  type BotDefinition,
  type BotSettings,
  type Branch,
  type Fallback,
  type Flow,
  type FlowNode,
  type GlobalHandling,
  type KnowledgeQuestion,
  type NextStep,
} from '../../../../../domain/bot/definition';

/** An id not in `taken`: prefix + the lowest free number. */
export function freshId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  let n = 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

const allNodeIds = (def: BotDefinition): string[] => def.flows.flatMap((f) => f.nodes.map((n) => n.id));
const allBranchIds = (def: BotDefinition): string[] =>
  def.flows.flatMap((f) => f.nodes.flatMap((n) => n.branches.map((b) => b.id)));

export const emptyFallback = (then: NextStep = { action: NextAction.HangUp }): Fallback => ({
  prompts: [],
  repeat: 1,
  then,
});

export function newNode(id: string, name: string): FlowNode {
  return {
    id,
    name,
    type: 'normal',
    prompts: [{ text: '' }],
    interruptible: true,
    waitSeconds: null,
    branches: [],
    noMatch: emptyFallback(),
    silence: emptyFallback(),
    next: { action: NextAction.HangUp },
  };
}

export function newBranch(id: string, name = ''): Branch {
  return {
    id,
    name,
    property: 'affirm',
    keywords: [],
    matchCount: 1,
    ignoreKeywords: [],
    dtmf: null,
    prompts: [],
    score: 0,
    next: { action: NextAction.HangUp },
    setLevel: null,
    addLabel: null,
    smsTemplateId: null,
  };
}

export function newQuestion(id: string): KnowledgeQuestion {
  return {
    id,
    title: '',
    type: 10001,
    keywords: [],
    matchCount: 1,
    answerMode: 'single',
    prompts: [{ text: '' }],
    jump: null,
    ignoreSilence: false,
    playWithMainFlow: false,
    highPriority: false,
    setLevel: null,
    smsTemplateId: null,
  };
}

const mapFlow = (def: BotDefinition, flowId: string, fn: (f: Flow) => Flow): BotDefinition => ({
  ...def,
  flows: def.flows.map((f) => (f.id === flowId ? fn(f) : f)),
});

const mapNode = (
  def: BotDefinition,
  flowId: string,
  nodeId: string,
  fn: (n: FlowNode) => FlowNode,
): BotDefinition =>
  mapFlow(def, flowId, (f) => ({ ...f, nodes: f.nodes.map((n) => (n.id === nodeId ? fn(n) : n)) }));

/** Adds a node to a flow; returns the document and the new node's id. */
export function addNode(
  def: BotDefinition,
  flowId: string,
  name: string,
): { def: BotDefinition; nodeId: string } {
  const nodeId = freshId('n', allNodeIds(def));
  return { def: mapFlow(def, flowId, (f) => ({ ...f, nodes: [...f.nodes, newNode(nodeId, name)] })), nodeId };
}

export const updateNode = (def: BotDefinition, flowId: string, node: FlowNode): BotDefinition =>
  mapNode(def, flowId, node.id, () => node);

/** A step pointing at a removed node falls back to hanging up. */
const unlink = (step: NextStep | null | undefined, nodeId: string): NextStep | null | undefined =>
  step && step.nodeId === nodeId ? { action: NextAction.HangUp } : step;

const unlinkNode = (n: FlowNode, nodeId: string): FlowNode => ({
  ...n,
  next: unlink(n.next, nodeId),
  branches: n.branches.map((b) => ({ ...b, next: unlink(b.next, nodeId)! })),
  noMatch: { ...n.noMatch, then: unlink(n.noMatch.then, nodeId)! },
  silence: { ...n.silence, then: unlink(n.silence.then, nodeId)! },
});

/** Removes a node (never the last of its flow) and every step that pointed at it; the start moves to the first node left. */
export function removeNode(def: BotDefinition, flowId: string, nodeId: string): BotDefinition {
  const flow = def.flows.find((f) => f.id === flowId);
  if (!flow || flow.nodes.length <= 1 || !flow.nodes.some((n) => n.id === nodeId)) return def;
  const flows = def.flows.map((f) => {
    const nodes = f.nodes.filter((n) => n.id !== nodeId).map((n) => unlinkNode(n, nodeId));
    const startNodeId = f.startNodeId === nodeId ? (nodes[0]?.id ?? '') : f.startNodeId;
    return { ...f, nodes, startNodeId };
  });
  const knowledge = def.knowledge.map((q) =>
    q.jump?.nodeId === nodeId ? { ...q, jump: { ...q.jump, nodeId: null } } : q,
  );
  return { ...def, flows, knowledge };
}

export function setStartNode(def: BotDefinition, flowId: string, nodeId: string): BotDefinition {
  return mapFlow(def, flowId, (f) => ({ ...f, startNodeId: nodeId }));
}

/** Adds a branch to a node; returns the document and the branch's index. */
export function addBranch(
  def: BotDefinition,
  flowId: string,
  nodeId: string,
  name = '',
): { def: BotDefinition; index: number } {
  const branch = newBranch(freshId('b', allBranchIds(def)), name);
  let index = -1;
  const next = mapNode(def, flowId, nodeId, (n) => {
    index = n.branches.length;
    return { ...n, branches: [...n.branches, branch] };
  });
  return { def: next, index };
}

export const updateBranch = (
  def: BotDefinition,
  flowId: string,
  nodeId: string,
  index: number,
  branch: Branch,
): BotDefinition =>
  mapNode(def, flowId, nodeId, (n) => ({
    ...n,
    branches: n.branches.map((b, i) => (i === index ? branch : b)),
  }));

export const removeBranch = (
  def: BotDefinition,
  flowId: string,
  nodeId: string,
  index: number,
): BotDefinition =>
  mapNode(def, flowId, nodeId, (n) => ({ ...n, branches: n.branches.filter((_, i) => i !== index) }));

/** Adds a flow with one starter node; returns the document and the flow's id. */
export function addFlow(
  def: BotDefinition,
  kind: Flow['kind'],
  name: string,
  nodeName: string,
): { def: BotDefinition; flowId: string } {
  const flowId = freshId(
    kind === 'main' ? 'main' : 'multi',
    def.flows.map((f) => f.id),
  );
  const nodeId = freshId('n', allNodeIds(def));
  const flow: Flow = { id: flowId, name, kind, startNodeId: nodeId, nodes: [newNode(nodeId, nodeName)] };
  return { def: { ...def, flows: [...def.flows, flow] }, flowId };
}

/** Removes a flow; the last main flow stays. Steps into it fall back to hanging up. */
export function removeFlow(def: BotDefinition, flowId: string): BotDefinition {
  const flow = def.flows.find((f) => f.id === flowId);
  if (!flow) return def;
  if (flow.kind === 'main' && def.flows.filter((f) => f.kind === 'main').length <= 1) return def;
  const cut = (s: NextStep | null | undefined) =>
    s && s.flowId === flowId ? { action: NextAction.HangUp } : s;
  const flows = def.flows
    .filter((f) => f.id !== flowId)
    .map((f) => ({
      ...f,
      nodes: f.nodes.map((n) => ({
        ...n,
        next: cut(n.next),
        branches: n.branches.map((b) => ({ ...b, next: cut(b.next)! })),
        noMatch: { ...n.noMatch, then: cut(n.noMatch.then)! },
        silence: { ...n.silence, then: cut(n.silence.then)! },
      })),
    }));
  const knowledge = def.knowledge.map((q) => (q.jump?.flowId === flowId ? { ...q, jump: null } : q));
  return { ...def, flows, knowledge };
}

export const renameFlow = (def: BotDefinition, flowId: string, name: string): BotDefinition =>
  mapFlow(def, flowId, (f) => ({ ...f, name }));

/** Moves one item of a list by delta places (clamped); a new list. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + delta));
  const out = [...list];
  if (index < 0 || index >= list.length || to === index) return out;
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** Adds or replaces a question by id. */
export function upsertQuestion(def: BotDefinition, q: KnowledgeQuestion): BotDefinition {
  const exists = def.knowledge.some((k) => k.id === q.id);
  return {
    ...def,
    knowledge: exists ? def.knowledge.map((k) => (k.id === q.id ? q : k)) : [...def.knowledge, q],
  };
}

export const removeQuestion = (def: BotDefinition, id: string): BotDefinition => ({
  ...def,
  knowledge: def.knowledge.filter((k) => k.id !== id),
});

export const questionId = (def: BotDefinition): string =>
  freshId(
    'q',
    def.knowledge.map((k) => k.id),
  );
export const ruleId = (def: BotDefinition): string =>
  freshId(
    'r',
    def.intentRules.map((r) => r.id),
  );

/**
 * The document's global handling with one change: what it has, the required handlers' defaults
 * when it has none (an optional handler the document leaves out stays out until it is edited).
 */
export function changedGlobal(settings: BotSettings, patch: Partial<GlobalHandling>): GlobalHandling {
  const d = DEFAULT_GLOBAL_HANDLING;
  const base: GlobalHandling = settings.global ?? {
    askHuman: d.askHuman,
    callLater: d.callLater,
    optOut: d.optOut,
    robot: d.robot,
    disclosure: d.disclosure,
  };
  return { ...base, ...patch };
}
