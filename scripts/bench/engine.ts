// Bot engine speed: a generated bot with 200 nodes, 1,000 branches and 5,000 keywords.
// Figures: compile time (median of 5), per-decision latency of step() on asrFinal (p50/p99),
// decisions per second on one core, and the serialised state size after a 30-round call.
// Every decision runs the understanding layer (jieba segmentation, normalisation, negation,
// dialogue acts); half the sentences are real customer phrasings, half random text with keywords.
// Goals: decide_p99_ms ≤ 1, decisions_per_s ≥ 20,000 (with segmentation and acts), state ≤ 2 KB.
import { compile } from '../../domain/bot/compile';
import type { BotDefinition, Branch, Flow, FlowNode, KnowledgeQuestion } from '../../domain/bot/definition';
import { DEFAULT_SETTINGS } from '../../domain/bot/definition';
import { serialise, start, step, type SessionState } from '../../domain/bot/engine';

const NODES = 200;
const BRANCHES_PER_NODE = 5;
const KEYWORDS_PER_BRANCH = 5;
const FLOWS = 4;
const DECISIONS = 60_000;

/** Deterministic PRNG (mulberry32) so runs are comparable. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(42);
const int = (n: number) => Math.floor(random() * n);
// Common CJK ideographs (a 2,000-character slice) so keywords overlap like real Chinese does.
const cjk = () => String.fromCharCode(0x4e00 + int(2000));
const word = (min: number, max: number) => Array.from({ length: min + int(max - min + 1) }, cjk).join('');

function generateBot(): BotDefinition {
  const perFlow = NODES / FLOWS;
  const flows: Flow[] = [];
  const keywords: string[] = [];
  const nodeRef = () => {
    const f = int(FLOWS);
    return { action: 3 as const, flowId: `f${f}`, nodeId: `n${f}-${int(perFlow)}` };
  };
  for (let f = 0; f < FLOWS; f++) {
    const nodes: FlowNode[] = [];
    for (let n = 0; n < perFlow; n++) {
      const branches: Branch[] = [];
      for (let b = 0; b < BRANCHES_PER_NODE; b++) {
        const kws = Array.from(
          { length: KEYWORDS_PER_BRANCH },
          (_, i) => word(2, 4) + (i === 0 ? `~${int(5)}` : ''),
        );
        keywords.push(...kws);
        branches.push({
          id: `b${b}`,
          name: `分支${b}`,
          property: (['affirm', 'deny', 'refuse', 'neutral', 'other'] as const)[b]!,
          keywords: kws,
          matchCount: b === 4 ? 3 : 1,
          ignoreKeywords: b === 1 ? [word(2, 3)] : [],
          prompts: [{ text: `回答${b}` }, { text: `另一种回答${b}` }],
          score: 0,
          next: b === 3 ? { action: 1 } : nodeRef(),
        });
      }
      nodes.push({
        id: `n${f}-${n}`,
        name: `节点${f}-${n}`,
        type: 'normal',
        prompts: [{ text: `第${n}个问题的话术` }],
        interruptible: true,
        branches,
        noMatch: { prompts: [{ text: '没听清' }], repeat: 2, then: nodeRef() },
        silence: { prompts: [{ text: '还在吗' }], repeat: 2, then: nodeRef() },
      });
    }
    flows.push({ id: `f${f}`, name: `流程${f}`, kind: 'main', startNodeId: `n${f}-0`, nodes });
  }
  const knowledge: KnowledgeQuestion[] = Array.from({ length: 20 }, (_, i) => ({
    id: `q${i}`,
    title: `问题${i}`,
    type: i % 2 ? 20001 : 10001,
    keywords: [word(3, 4), word(3, 4)],
    matchCount: 1,
    answerMode: 'single',
    prompts: [{ text: `答案${i}` }],
    ignoreSilence: false,
    playWithMainFlow: false,
    highPriority: i === 0,
  }));
  return {
    settings: { ...DEFAULT_SETTINGS, maxCallMinutes: 60 },
    flows,
    knowledge,
    intentLabels: [],
    intentRules: [
      {
        id: 'r1',
        name: '内容',
        level: 21,
        conditions: [{ item: 5006, keywords: keywords.slice(0, 10), matchCount: 3 }],
      },
      {
        id: 'r2',
        name: '最后一句',
        level: 22,
        conditions: [{ item: 5009, keywords: keywords.slice(10, 20), matchCount: 1 }],
      },
    ],
    hotWords: [],
    interceptKeywords: ['语音信箱留言'],
    llm: { answerUnmatched: false, gradeCall: false },
  };
}

/** How customers answer on the phone: acts, negations, numbers, questions, dialect. */
const REAL = [
  '喂？嗯，你继续说',
  '是的我是',
  '不需要，谢谢',
  '我现在在开会，晚点再说吧',
  '你是机器人吗',
  '有没有违约金',
  '方便，你们这个课多少钱',
  '大概三十万左右，首套',
  '别再给我打电话了',
  '不太方便，明天下午三点再打给我',
  '给我转人工',
  '我考虑一下，你先发个资料给我',
  '系我啊，仲租紧，两房一厅四千蚊',
  '周六下午过来拍照吧',
  '没兴趣，已经贷好了',
  '利率现在多少，能贷二十年吗',
];

/** 10–30 characters mixing a few real keywords (mostly) into random text. */
function utterance(keywords: string[]): string {
  let s = '';
  const len = 10 + int(21);
  while (s.length < len) s += random() < 0.35 ? keywords[int(keywords.length)]!.replace(/~\d+$/, '') : cjk();
  return s.slice(0, len);
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

export default async function engineBench(): Promise<Record<string, number>> {
  const def = generateBot();
  const keywords = def.flows.flatMap((f) => f.nodes.flatMap((n) => n.branches.flatMap((b) => b.keywords)));
  const compileTimes: number[] = [];
  let bot = compile(def);
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    bot = compile(def);
    compileTimes.push(performance.now() - t0);
  }
  compileTimes.sort((a, b) => a - b);

  const sentences = Array.from({ length: 4096 }, (_, i) =>
    i % 2 ? REAL[i % REAL.length]! : utterance(keywords),
  );
  const fresh = () => step(bot, start(bot), { type: 'answered', at: 0 }).state;
  const latencies = new Float64Array(DECISIONS);
  let state: SessionState = fresh();
  let at = 1000;
  // Warm up the JIT before measuring.
  for (let i = 0; i < 5000; i++)
    state = step(bot, state, { type: 'asrFinal', text: sentences[i & 4095]!, at }).state;
  state = fresh();
  let busy = 0;
  for (let i = 0; i < DECISIONS; i++) {
    state = step(bot, state, { type: 'playbackFinished', at }).state;
    const event = { type: 'asrFinal' as const, text: sentences[i & 4095]!, at };
    const t0 = performance.now();
    const r = step(bot, state, event);
    const dt = performance.now() - t0;
    latencies[i] = dt;
    busy += dt;
    state = r.ended ? fresh() : r.state;
    at += 10;
    if (at > 3_000_000) at = 1000;
  }
  latencies.sort();

  // A 30-round call: 30 customer sentences on a fresh session.
  let call = fresh();
  for (let i = 0; i < 30; i++) {
    call = step(bot, call, { type: 'playbackFinished', at: i * 6000 + 500 }).state;
    const r = step(bot, call, { type: 'asrFinal', text: sentences[i]!, at: i * 6000 + 1000 });
    call = r.ended ? call : r.state;
  }
  return {
    compile_ms: Number(compileTimes[2]!.toFixed(2)),
    decide_p50_ms: Number(percentile(latencies, 0.5).toFixed(4)),
    decide_p99_ms: Number(percentile(latencies, 0.99).toFixed(4)),
    decisions_per_s: Math.round(DECISIONS / (busy / 1000)),
    state_bytes: new TextEncoder().encode(serialise(call)).length,
    nodes: NODES,
    branches: NODES * BRANCHES_PER_NODE,
    keywords: keywords.length,
  };
}
