// The flow as a picture: node boxes at their layout positions, SVG arrows for the steps between
// them; a click selects a node.
import { Classes, Tag } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Flow, FlowNode } from '../../../../../domain/bot/definition';
import { NODE_H, NODE_W, canvasSize, edgePath, flowEdges, layoutFlow, stepTarget } from '../model/layout';

function exitTag(flow: Flow, flows: readonly Flow[], n: FlowNode, t: TFunction) {
  if (n.branches.length > 0 || n.type === 'ivr') return null;
  const step = n.next;
  if (!step || step.action === 0) return t('flow.hangup');
  if (step.action === 4) return t('flow.transfer');
  if (step.action === 2) return t('flow.nextFlow');
  if (step.action === 3 && !stepTarget(flow, step))
    return t('flow.toFlow', { flow: flows.find((f) => f.id === step.flowId)?.name ?? '?' });
  return null;
}

export function FlowGraph(p: {
  flow: Flow;
  flows: readonly Flow[];
  selected: string | null;
  onSelect(nodeId: string): void;
}) {
  const { t } = useTranslation('bots');
  const pos = layoutFlow(p.flow);
  const edges = flowEdges(p.flow);
  const size = canvasSize(pos);
  return (
    <div
      className="cp-bots-graph"
      data-testid="flow-graph"
      style={{ width: size.width, height: size.height }}
    >
      <svg width={size.width} height={size.height} className="cp-bots-edges" aria-hidden>
        <defs>
          <marker
            id="cp-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" fill="#5f6b7c" />
          </marker>
        </defs>
        {edges.map((e, i) => {
          const a = pos.get(e.from)!;
          const b = pos.get(e.to)!;
          return (
            <g key={i} data-testid={`edge-${e.from}-${e.to}`}>
              <path
                d={edgePath(a, b)}
                fill="none"
                stroke="#5f6b7c"
                strokeWidth={1.5}
                markerEnd="url(#cp-arrow)"
                strokeDasharray={e.branch < -1 ? '4 3' : undefined}
              />
              {e.label && (
                <text
                  x={(a.x + b.x) / 2 + NODE_W / 2 + 4}
                  y={(a.y + NODE_H + b.y) / 2}
                  fontSize={11}
                  fill="#404854"
                >
                  {e.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {p.flow.nodes.map((n) => {
        const at = pos.get(n.id)!;
        const exit = exitTag(p.flow, p.flows, n, t);
        return (
          <button
            type="button"
            key={n.id}
            data-testid={`flow-node-${n.id}`}
            className={`cp-bots-node${p.selected === n.id ? ' cp-bots-node-selected' : ''}`}
            style={{ left: at.x, top: at.y, width: NODE_W, height: NODE_H }}
            onClick={() => p.onSelect(n.id)}
          >
            <strong className={Classes.TEXT_OVERFLOW_ELLIPSIS}>
              {p.flow.startNodeId === n.id ? '▶ ' : ''}
              {n.name || n.id}
            </strong>
            <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} ${Classes.TEXT_MUTED}`}>
              {n.prompts[0]?.text ?? ''}
            </span>
            <span className="cp-bots-node-tags">
              <Tag minimal>{t(`nodeType.${n.type}`)}</Tag>
              {exit && <Tag minimal>{exit}</Tag>}
            </span>
          </button>
        );
      })}
    </div>
  );
}
