// Where the flow graph draws each node: its saved position, else an automatic layout by BFS level
// from the start node (one row per level), and the arrows between nodes of the same flow.
import { NextAction, type Flow, type FlowNode, type NextStep } from '../../../../../domain/bot/definition';

export const NODE_W = 180;
export const NODE_H = 76;
export const GAP_X = 40;
export const GAP_Y = 70;

export interface Point {
  x: number;
  y: number;
}

export interface Edge {
  from: string;
  to: string;
  /** Branch index, or -1 for the node's own next step, -2 no-match, -3 silence. */
  branch: number;
  label: string;
}

/** The node a step leads to inside this flow, if any. */
export function stepTarget(flow: Flow, step: NextStep | null | undefined): string | null {
  if (!step || step.action !== NextAction.SpecifiedFlow || !step.nodeId) return null;
  if (step.flowId && step.flowId !== flow.id) return null;
  return flow.nodes.some((n) => n.id === step.nodeId) ? step.nodeId : null;
}

/** Arrows of one flow: branches, the node's own next step and fallbacks that lead to a node here. */
export function flowEdges(flow: Flow): Edge[] {
  const edges: Edge[] = [];
  const add = (n: FlowNode, step: NextStep | null | undefined, branch: number, label: string) => {
    const to = stepTarget(flow, step);
    if (to) edges.push({ from: n.id, to, branch, label });
  };
  for (const n of flow.nodes) {
    n.branches.forEach((b, i) => add(n, b.next, i, b.name));
    if (n.branches.length === 0) add(n, n.next, -1, '');
    add(n, n.noMatch.then, -2, '');
    add(n, n.silence.then, -3, '');
  }
  return edges;
}

/** BFS levels from the start node; nodes not reached go one level below the deepest. */
export function bfsLevels(flow: Flow): Map<string, number> {
  const level = new Map<string, number>();
  const out = new Map<string, string[]>();
  for (const e of flowEdges(flow)) out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
  const start = flow.nodes.some((n) => n.id === flow.startNodeId) ? flow.startNodeId : flow.nodes[0]?.id;
  if (start === undefined) return level;
  level.set(start, 0);
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const to of out.get(id) ?? []) {
      if (level.has(to)) continue;
      level.set(to, level.get(id)! + 1);
      queue.push(to);
    }
  }
  const deepest = Math.max(-1, ...level.values());
  for (const n of flow.nodes) if (!level.has(n.id)) level.set(n.id, deepest + 1);
  return level;
}

/** Positions of every node: saved ones as they are, the others by BFS level (rows), in node order. */
export function layoutFlow(flow: Flow): Map<string, Point> {
  const levels = bfsLevels(flow);
  const rows = new Map<number, number>();
  const pos = new Map<string, Point>();
  for (const n of flow.nodes) {
    const level = levels.get(n.id) ?? 0;
    const col = rows.get(level) ?? 0;
    rows.set(level, col + 1);
    pos.set(
      n.id,
      n.position ?? { x: GAP_X + col * (NODE_W + GAP_X), y: GAP_Y / 2 + level * (NODE_H + GAP_Y) },
    );
  }
  return pos;
}

/** The drawing's size: enough for every node plus a margin. */
export function canvasSize(pos: Map<string, Point>): { width: number; height: number } {
  let width = 400;
  let height = 200;
  for (const p of pos.values()) {
    width = Math.max(width, p.x + NODE_W + GAP_X);
    height = Math.max(height, p.y + NODE_H + GAP_Y);
  }
  return { width, height };
}

/** An SVG path from the bottom middle of one box to the top middle of another (a curve). */
export function edgePath(a: Point, b: Point): string {
  const x1 = a.x + NODE_W / 2;
  const y1 = a.y + NODE_H;
  const x2 = b.x + NODE_W / 2;
  const y2 = b.y;
  if (y2 > y1) {
    const my = (y1 + y2) / 2;
    return `M${x1},${y1} C${x1},${my} ${x2},${my} ${x2},${y2}`;
  }
  // Back or sideways edges loop around the right side.
  const rx = Math.max(a.x, b.x) + NODE_W + GAP_X / 2;
  return `M${x1},${y1} C${x1},${y1 + 30} ${rx},${y1 + 30} ${rx},${(y1 + y2) / 2} S${x2},${y2 - 30} ${x2},${y2}`;
}
