// check(): problems the bot editor shows before publishing (SPEC §5 Bot editor). Errors block
// publishing, warnings do not. Each problem carries the path of the field and names for the message.
import type { BotProblem } from './api';
import type { BotDefinition, Branch, Fallback, FlowNode, NextStep } from './definition';
import { BRANCH_PROPERTIES } from './definition';
import { parseKeyword } from './normalise';
import { hotWordProblem } from './hotWords';

class Problems {
  readonly list: BotProblem[] = [];
  error(code: string, path: string, params: Record<string, string> = {}): void {
    this.list.push({ severity: 'error', code, path, params });
  }
  warning(code: string, path: string, params: Record<string, string> = {}): void {
    this.list.push({ severity: 'warning', code, path, params });
  }
}

const blank = (s: string | null | undefined) => !s || !s.trim();

/** Keys of nodes as `${flowIndex}/${nodeId}`. */
type NodeKeys = Map<string, { flow: number; node: number }>;

function indexNodes(def: BotDefinition): { flows: Map<string, number>; nodes: NodeKeys } {
  const flows = new Map<string, number>();
  const nodes: NodeKeys = new Map();
  def.flows.forEach((f, fi) => {
    if (!flows.has(f.id)) flows.set(f.id, fi);
    f.nodes.forEach((n, ni) => nodes.set(`${fi}/${n.id}`, { flow: fi, node: ni }));
  });
  return { flows, nodes };
}

/** Where a next step leads: a node key, null for no node (hang up, wait, next flow), or 'dangling'. */
function target(
  def: BotDefinition,
  idx: ReturnType<typeof indexNodes>,
  step: NextStep,
  fromFlow: number,
): string | null | 'dangling' {
  // A jump (3), or a transfer's fallback flow (4 with a flowId).
  if (step.action !== 3 && !(step.action === 4 && step.flowId)) return null;
  const f = step.flowId ? idx.flows.get(step.flowId) : fromFlow;
  if (f === undefined || f < 0) return 'dangling';
  const nodeId = step.nodeId || def.flows[f]!.startNodeId;
  const key = `${f}/${nodeId}`;
  return idx.nodes.has(key) ? key : 'dangling';
}

function checkKeywords(
  p: Problems,
  keywords: readonly string[],
  path: string,
  params: Record<string, string>,
) {
  keywords.forEach((k, i) => {
    const { word, priority } = parseKeyword(k);
    if (Number.isNaN(priority)) p.error('badPriority', `${path}.${i}`, { ...params, keyword: k });
    // A one-character keyword matches only as a word of its own (是 never in 你是机器人吗): say so.
    else if ([...word.replace(/[\s\p{P}]/gu, '')].length === 1)
      p.warning('singleCharKeyword', `${path}.${i}`, { ...params, keyword: word });
  });
}

function checkStep(
  p: Problems,
  def: BotDefinition,
  idx: ReturnType<typeof indexNodes>,
  step: NextStep | null | undefined,
  flow: number,
  path: string,
  params: Record<string, string>,
): string | null {
  if (!step) return null;
  const t = target(def, idx, step, flow);
  if (t === 'dangling') {
    p.error('danglingJump', path, { ...params, flowId: step.flowId ?? '', nodeId: step.nodeId ?? '' });
    return null;
  }
  if (step.action === 4 && (step.seatGroupId === null || step.seatGroupId === undefined))
    p.warning('transferNoGroup', path, params);
  return t;
}

function checkFallback(p: Problems, fb: Fallback | undefined, path: string, params: Record<string, string>) {
  if (!fb) return;
  if (!Number.isInteger(fb.repeat) || fb.repeat < 1 || fb.repeat > 5)
    p.error('repeatRange', `${path}.repeat`, { ...params, repeat: String(fb.repeat) });
}

function checkBranch(p: Problems, node: FlowNode, b: Branch, path: string, params: Record<string, string>) {
  const named = { ...params, branch: b.name };
  if (blank(b.name)) p.error('nameRequired', `${path}.name`, named);
  if (!BRANCH_PROPERTIES.includes(b.property)) p.error('propertyRequired', `${path}.property`, named);
  if (node.type === 'ivr') {
    if (blank(b.dtmf)) p.error('emptyDtmf', `${path}.dtmf`, named);
  } else if (!b.keywords.some((k) => !blank(parseKeyword(k).word))) {
    p.error('emptyKeywords', `${path}.keywords`, named);
  }
  checkKeywords(p, b.keywords, `${path}.keywords`, named);
}

export function check(def: BotDefinition): BotProblem[] {
  const p = new Problems();
  const idx = indexNodes(def);
  const edges = new Map<string, string[]>();
  const roots: string[] = [];
  if (!def.flows.some((f) => f.kind === 'main')) p.error('noMainFlow', 'flows');

  def.flows.forEach((flow, fi) => {
    const fPath = `flows.${fi}`;
    if (blank(flow.name)) p.error('nameRequired', `${fPath}.name`, { flow: flow.name });
    const startKey = `${fi}/${flow.startNodeId}`;
    if (!idx.nodes.has(startKey)) p.error('noStartNode', `${fPath}.startNodeId`, { flow: flow.name });
    else if (flow.kind === 'main') roots.push(startKey);
    flow.nodes.forEach((node, ni) => {
      const nPath = `${fPath}.nodes.${ni}`;
      const params = { flow: flow.name, node: node.name };
      const out: string[] = [];
      const link = (t: string | null) => t && out.push(t);
      if (blank(node.name)) p.error('nameRequired', `${nPath}.name`, params);
      if (node.type !== 'jump' && !node.prompts.some((x) => !blank(x.text)))
        p.error('textRequired', `${nPath}.prompts`, params);
      if (node.type === 'jump' && !node.next) p.error('danglingJump', `${nPath}.next`, params);
      link(checkStep(p, def, idx, node.next, fi, `${nPath}.next`, params));
      node.branches.forEach((b, bi) => {
        const bPath = `${nPath}.branches.${bi}`;
        checkBranch(p, node, b, bPath, params);
        link(checkStep(p, def, idx, b.next, fi, `${bPath}.next`, { ...params, branch: b.name }));
      });
      for (const kind of ['noMatch', 'silence'] as const) {
        checkFallback(p, node[kind], `${nPath}.${kind}`, params);
        link(checkStep(p, def, idx, node[kind]?.then, fi, `${nPath}.${kind}.then`, params));
      }
      edges.set(`${fi}/${node.id}`, out);
    });
  });

  def.knowledge.forEach((q, qi) => {
    const qPath = `knowledge.${qi}`;
    const params = { question: q.title };
    if (blank(q.title)) p.error('nameRequired', `${qPath}.title`, params);
    if (!q.keywords.some((k) => !blank(parseKeyword(k).word)))
      p.error('emptyKeywords', `${qPath}.keywords`, params);
    checkKeywords(p, q.keywords, `${qPath}.keywords`, params);
    if (q.answerMode !== 'multi' && !q.prompts.some((x) => !blank(x.text)))
      p.error('textRequired', `${qPath}.prompts`, params);
    if (q.answerMode === 'single') return;
    const flow = q.jump?.flowId ? idx.flows.get(q.jump.flowId) : undefined;
    const key = flow === undefined ? undefined : `${flow}/${q.jump?.nodeId || def.flows[flow]!.startNodeId}`;
    if (key === undefined || !idx.nodes.has(key)) p.error('danglingJump', `${qPath}.jump`, params);
    else roots.push(key); // a question can be asked at any time: its target is reachable
  });

  checkKeywords(p, def.interceptKeywords, 'interceptKeywords', {});
  def.intentLabels.forEach((l, i) => {
    if (blank(l)) p.error('nameRequired', `intentLabels.${i}`, {});
  });
  def.intentRules.forEach((r, ri) => {
    const rPath = `intentRules.${ri}`;
    if (blank(r.name)) p.error('nameRequired', `${rPath}.name`, { rule: r.name });
    r.conditions.forEach((c, ci) => {
      if ((c.item === 5006 || c.item === 5009) && !(c.keywords ?? []).some((k) => !blank(k)))
        p.error('emptyKeywords', `${rPath}.conditions.${ci}.keywords`, { rule: r.name });
    });
  });
  def.hotWords.forEach((w, i) => {
    if (hotWordProblem(w)) p.error('badHotWord', `hotWords.${i}`, { word: w });
  });

  // Reachability: from the main flows' start nodes (and knowledge targets) along every edge.
  const seen = new Set<string>(roots);
  const queue = [...roots];
  while (queue.length)
    for (const t of edges.get(queue.pop()!) ?? []) if (!seen.has(t) && seen.add(t)) queue.push(t);
  def.flows.forEach((flow, fi) =>
    flow.nodes.forEach((node, ni) => {
      if (!seen.has(`${fi}/${node.id}`))
        p.error('unreachableNode', `flows.${fi}.nodes.${ni}`, { flow: flow.name, node: node.name });
    }),
  );
  return p.list;
}
