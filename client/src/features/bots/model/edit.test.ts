import { DEFAULT_GLOBAL_HANDLING, DEFAULT_SETTINGS } from '../../../../../domain/bot/definition';
import {
  addBranch,
  changedGlobal,
  addFlow,
  addNode,
  freshId,
  moveItem,
  removeBranch,
  removeFlow,
  removeNode,
  removeQuestion,
  updateBranch,
  upsertQuestion,
  newQuestion,
} from './edit';
import { targetOf } from './paths';
import { sampleDef } from './testData';

describe('definition edits', () => {
  it('finds the lowest free id', () => {
    expect(freshId('n', ['n1', 'n3'])).toBe('n2');
    expect(freshId('q', [])).toBe('q1');
  });

  it('adds a node with a fresh id across flows, without touching the input', () => {
    const def = sampleDef();
    const r = addNode(def, 'main1', '新节点');
    expect(r.nodeId).toBe('n3');
    expect(r.def.flows[0]!.nodes.map((n) => n.name)).toEqual(['开场白', '介绍', '新节点']);
    expect(def.flows[0]!.nodes).toHaveLength(2);
  });

  it('adds, updates and removes branches', () => {
    const added = addBranch(sampleDef(), 'main1', 'n1', '肯定');
    let def = added.def;
    const index = added.index;
    expect(index).toBe(0);
    const b = def.flows[0]!.nodes[0]!.branches[0]!;
    expect(b).toMatchObject({ id: 'b1', name: '肯定', property: 'affirm', matchCount: 1 });
    def = updateBranch(def, 'main1', 'n1', 0, { ...b, keywords: ['可以', '好的~9'] });
    expect(def.flows[0]!.nodes[0]!.branches[0]!.keywords).toEqual(['可以', '好的~9']);
    def = addBranch(def, 'main1', 'n1').def;
    expect(def.flows[0]!.nodes[0]!.branches[1]!.id).toBe('b2');
    def = removeBranch(def, 'main1', 'n1', 0);
    expect(def.flows[0]!.nodes[0]!.branches.map((x) => x.id)).toEqual(['b2']);
  });

  it('removes a node, unlinks the steps into it and moves the start', () => {
    let def = addBranch(sampleDef(), 'main1', 'n1').def;
    const b = def.flows[0]!.nodes[0]!.branches[0]!;
    def = updateBranch(def, 'main1', 'n1', 0, { ...b, next: { action: 3, flowId: 'main1', nodeId: 'n2' } });
    def = removeNode(def, 'main1', 'n2');
    expect(def.flows[0]!.nodes.map((n) => n.id)).toEqual(['n1']);
    expect(def.flows[0]!.nodes[0]!.branches[0]!.next).toEqual({ action: 0 });
    expect(removeNode(def, 'main1', 'n1')).toBe(def); // the last node stays
    const moved = removeNode(sampleDef(), 'main1', 'n1');
    expect(moved.flows[0]!.startNodeId).toBe('n2');
  });

  it('adds flows of both kinds and keeps the last main flow', () => {
    const r = addFlow(sampleDef(), 'multi', '多轮', '节点');
    expect(r.flowId).toBe('multi1');
    const f = r.def.flows[1]!;
    expect(f).toMatchObject({ kind: 'multi', startNodeId: 'n3' });
    expect(removeFlow(r.def, 'multi1').flows).toHaveLength(1);
    expect(removeFlow(sampleDef(), 'main1').flows).toHaveLength(1);
  });

  it('moves items within bounds', () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, -2)).toEqual([3, 1, 2]);
  });

  it('upserts and removes questions', () => {
    const q = { ...newQuestion('q1'), title: '价格' };
    let def = upsertQuestion(sampleDef(), q);
    def = upsertQuestion(def, { ...q, title: '费用' });
    expect(def.knowledge.map((k) => k.title)).toEqual(['费用']);
    expect(removeQuestion(def, 'q1').knowledge).toEqual([]);
  });

  it('turns a checker path into the editor selection', () => {
    const def = addBranch(sampleDef(), 'main1', 'n2').def;
    expect(targetOf(def, 'flows.0.nodes.1.branches.0.keywords')).toEqual({
      tab: 'main',
      flowId: 'main1',
      nodeId: 'n2',
      branch: 0,
    });
    expect(targetOf(def, 'flows.0.nodes.9')).toEqual({ tab: 'main', flowId: 'main1' });
    expect(targetOf(def, 'hotWords.2')).toEqual({ tab: 'hotWords' });
    expect(targetOf(def, 'settings.waitSeconds')).toEqual({ tab: 'settings' });
    expect(targetOf(def, 'knowledge.0.keywords')).toEqual({ tab: 'knowledge', questionId: undefined });
  });
});

describe('global handling edits', () => {
  it('starts a document without `global` from the defaults and keeps what a document has', () => {
    const { global: _, ...old } = DEFAULT_SETTINGS;
    const on = changedGlobal(old, { disclosure: '您好，我是智能语音助手。' });
    expect(on).toEqual({
      askHuman: DEFAULT_GLOBAL_HANDLING.askHuman,
      callLater: DEFAULT_GLOBAL_HANDLING.callLater,
      optOut: DEFAULT_GLOBAL_HANDLING.optOut,
      robot: DEFAULT_GLOBAL_HANDLING.robot,
      disclosure: '您好，我是智能语音助手。',
    });
    const off = { enabled: false, prompts: [{ text: '好的' }] };
    const next = changedGlobal({ ...old, global: on }, { robot: off });
    expect(next).toEqual({ ...on, robot: off });
    expect(on.robot).toBe(DEFAULT_GLOBAL_HANDLING.robot);
  });
});
