// compile(): a bot document -> what the engine needs at run time. One keyword automaton over
// every keyword of the bot (branches, knowledge, interception, rules), keyword priorities
// parsed, nodes and flows indexed. Never throws for shape-valid input: bad references are
// left unresolved (-1) and the engine treats them as a hang-up.
import type { KeywordAutomaton } from './automaton';
import type {
  GlobalHandling,
  NextStep,
  BotDefinition,
  Branch,
  Flow,
  FlowNode,
  IntentRule,
  KnowledgeQuestion,
  RuleCondition,
} from './definition';
import { globalHandlingOf, matchCountNeeded } from './definition';
import { parseKeyword } from './normalise';
import { buildMatcher, type Matcher } from './understand/match';
import { jiebaSegmenter, type Segmenter } from './understand/segment';
import { keywordForm } from './understand/text';

export interface CompileOptions {
  /** Word segmentation (default: jieba). */
  segmenter?: Segmenter;
}

/** A keyword list compiled to pattern ids (distinct) with the priority of each. */
export interface KeywordSet {
  ids: number[];
  priorities: number[];
  /** Distinct keywords needed to match: a count, already resolved for 'all'. */
  need: number;
}

export interface CompiledBranch {
  def: Branch;
  index: number;
  keywords: KeywordSet;
  ignore: number[];
}

export interface CompiledNode {
  def: FlowNode;
  /** Index of the node in CompiledBot.nodes (the id used in session state). */
  index: number;
  flow: number;
  /** Position inside its flow (for paths and names). */
  local: number;
  branches: CompiledBranch[];
}

export interface CompiledFlow {
  def: Flow;
  index: number;
  /** Global index of the start node, or -1 when it does not exist. */
  start: number;
  main: boolean;
}

export interface CompiledQuestion {
  def: KnowledgeQuestion;
  index: number;
  keywords: KeywordSet;
}

/** A rule condition with keywords (5006 content, 5009 last sentence), tracked during the call. */
export interface TrackedCondition {
  /** Index into CompiledBot.tracked, also the slot in session state. */
  slot: number;
  item: number;
  keywords: KeywordSet;
}

export interface CompiledBot {
  def: BotDefinition;
  automaton: KeywordAutomaton;
  /** The same patterns as a word matcher (understand/match.ts). */
  matcher: Matcher;
  segmenter: Segmenter;
  global: Required<GlobalHandling>;
  /** Where 转人工 goes: a node whose next step is a transfer (-1 none), else a branch's transfer step. */
  transferNode: number;
  transferStep: { node: number; branch: number; step: NextStep } | null;
  nodes: CompiledNode[];
  flows: CompiledFlow[];
  /** Flow indices of the main flows in document order. */
  mainFlows: number[];
  questions: CompiledQuestion[];
  /** Pattern ids of interception keywords. */
  intercept: Set<number>;
  /** Filler words, normalised, stripped from sentences before matching. */
  fillers: string[];
  /** Original spelling of each pattern, for reasons. */
  labels: string[];
  tracked: TrackedCondition[];
  /** Rule conditions -> their tracked slot (only for 5006/5009 with keywords). */
  trackedSlot: Map<RuleCondition, number>;
  /** Exact keyword mode (whole sentence equals a keyword). */
  exact: boolean;
  flowIndex: Map<string, number>;
  /** `${flowIndex}/${nodeId}` -> node index. */
  nodeIndex: Map<string, number>;
  maxMs: number;
}

class PatternTable {
  readonly texts: string[] = [];
  readonly labels: string[] = [];
  private readonly ids = new Map<string, number>();

  constructor(private readonly seg: Segmenter) {}

  id(raw: string): { id: number; priority: number } | null {
    const { word, priority } = parseKeyword(raw);
    const text = keywordForm(word, this.seg);
    if (!text) return null;
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(text, id);
      this.texts.push(text);
      this.labels.push(word);
    }
    return { id, priority: Number.isFinite(priority) ? priority : 0 };
  }

  set(raw: readonly string[] | null | undefined, matchCount: number | null | undefined): KeywordSet {
    const ids: number[] = [];
    const priorities: number[] = [];
    for (const k of raw ?? []) {
      const p = this.id(k);
      if (!p) continue;
      const at = ids.indexOf(p.id);
      if (at >= 0) priorities[at] = Math.max(priorities[at]!, p.priority);
      else {
        ids.push(p.id);
        priorities.push(p.priority);
      }
    }
    const needed = matchCountNeeded(matchCount ?? 1);
    return { ids, priorities, need: needed === 'all' ? ids.length : needed };
  }
}

export function nodeKey(flow: number, nodeId: string): string {
  return `${flow}/${nodeId}`;
}

export function compile(def: BotDefinition, opts: CompileOptions = {}): CompiledBot {
  const segmenter = opts.segmenter ?? jiebaSegmenter;
  const table = new PatternTable(segmenter);
  const flows: CompiledFlow[] = [];
  const nodes: CompiledNode[] = [];
  const flowIndex = new Map<string, number>();
  const nodeIndex = new Map<string, number>();
  def.flows.forEach((flow, f) => {
    if (!flowIndex.has(flow.id)) flowIndex.set(flow.id, f);
    flow.nodes.forEach((node, local) => {
      const index = nodes.length;
      const key = nodeKey(f, node.id);
      if (!nodeIndex.has(key)) nodeIndex.set(key, index);
      const branches = (node.branches ?? []).map((b, i) => ({
        def: b,
        index: i,
        keywords: table.set(b.keywords, b.matchCount),
        ignore: table.set(b.ignoreKeywords, 1).ids,
      }));
      nodes.push({ def: node, index, flow: f, local, branches });
    });
    const start = nodeIndex.get(nodeKey(f, flow.startNodeId)) ?? -1;
    flows.push({ def: flow, index: f, start, main: flow.kind === 'main' });
  });
  const questions = def.knowledge.map((q, index) => ({
    def: q,
    index,
    keywords: table.set(q.keywords, q.matchCount),
  }));
  const intercept = new Set(table.set(def.interceptKeywords, 1).ids);
  const tracked: TrackedCondition[] = [];
  const trackedSlot = new Map<RuleCondition, number>();
  def.intentRules.forEach((rule: IntentRule) => {
    for (const c of rule.conditions) {
      if ((c.item === 5006 || c.item === 5009) && c.keywords && c.keywords.length) {
        const slot = tracked.length;
        tracked.push({ slot, item: c.item, keywords: table.set(c.keywords, c.matchCount) });
        trackedSlot.set(c, slot);
      }
    }
  });
  const fillers = def.settings.ignoreKeywords.map((w) => keywordForm(w, segmenter)).filter(Boolean);
  const matcher = buildMatcher(table.texts);
  const transferNode = nodes.findIndex((n) => flows[n.flow]!.main && n.def.next?.action === 4);
  let transferStep: CompiledBot['transferStep'] = null;
  for (const n of nodes)
    for (const b of n.branches)
      if (!transferStep && b.def.next.action === 4)
        transferStep = { node: n.index, branch: b.index, step: b.def.next };
  return {
    def,
    automaton: matcher.automaton,
    matcher,
    segmenter,
    global: globalHandlingOf(def.settings),
    transferNode: transferNode >= 0 ? transferNode : nodes.findIndex((n) => n.def.next?.action === 4),
    transferStep,
    nodes,
    flows,
    mainFlows: flows.filter((f) => f.main).map((f) => f.index),
    questions,
    intercept,
    fillers,
    labels: table.labels,
    tracked,
    trackedSlot,
    exact: def.settings.keywordMatchMode === 'exact',
    flowIndex,
    nodeIndex,
    // A missing or zero maximum would end every call at once: fall back to the default 5 minutes.
    maxMs: (def.settings.maxCallMinutes > 0 ? def.settings.maxCallMinutes : 5) * 60000,
  };
}
