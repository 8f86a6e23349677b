import { addBranch, addNode, updateBranch } from './edit';
import { sampleDef } from './testData';
import { GAP_X, NODE_W, bfsLevels, canvasSize, edgePath, flowEdges, layoutFlow } from './layout';

describe('flow layout', () => {
  const linked = () => {
    let def = addNode(sampleDef(), 'main1', '结束').def; // n3
    def = addBranch(def, 'main1', 'n1', '肯定').def;
    def = addBranch(def, 'main1', 'n1', '否定').def;
    const [b0, b1] = def.flows[0]!.nodes[0]!.branches;
    def = updateBranch(def, 'main1', 'n1', 0, { ...b0!, next: { action: 3, flowId: 'main1', nodeId: 'n2' } });
    def = updateBranch(def, 'main1', 'n1', 1, { ...b1!, next: { action: 3, nodeId: 'n3' } });
    return def.flows[0]!;
  };

  it('draws an arrow per branch that leads to a node of the same flow', () => {
    expect(flowEdges(linked()).map((e) => [e.from, e.to, e.label])).toEqual([
      ['n1', 'n2', '肯定'],
      ['n1', 'n3', '否定'],
    ]);
  });

  it('levels nodes by BFS from the start; unreached nodes go below', () => {
    const flow = linked();
    expect([...bfsLevels(flow)]).toEqual([
      ['n1', 0],
      ['n2', 1],
      ['n3', 1],
    ]);
    const lone = sampleDef().flows[0]!;
    expect(bfsLevels(lone).get('n2')).toBe(1);
  });

  it('places one row per level and keeps saved positions', () => {
    const flow = linked();
    const pos = layoutFlow(flow);
    expect(pos.get('n2')!.y).toBe(pos.get('n3')!.y);
    expect(pos.get('n3')!.x - pos.get('n2')!.x).toBe(NODE_W + GAP_X);
    expect(pos.get('n1')!.y).toBeLessThan(pos.get('n2')!.y);
    const saved = {
      ...flow,
      nodes: flow.nodes.map((n) => (n.id === 'n1' ? { ...n, position: { x: 500, y: 7 } } : n)),
    };
    expect(layoutFlow(saved).get('n1')).toEqual({ x: 500, y: 7 });
    expect(canvasSize(layoutFlow(saved)).width).toBeGreaterThanOrEqual(500 + NODE_W);
  });

  it('draws forward edges as a curve down and back edges around', () => {
    expect(edgePath({ x: 0, y: 0 }, { x: 0, y: 200 })).toMatch(/^M90,76 C/);
    expect(edgePath({ x: 0, y: 200 }, { x: 0, y: 0 })).toContain(' S');
  });
});
