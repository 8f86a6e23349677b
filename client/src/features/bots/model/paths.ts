// A checker problem's `path` (e.g. 'flows.0.nodes.2.branches.1.keywords') as the editor selection
// that shows it: which tab, flow, node, branch or question.
import type { BotDefinition } from '../../../../../domain/bot/definition';

export type EditorTab =
  'main' | 'knowledge' | 'multi' | 'hotWords' | 'learning' | 'rules' | 'training' | 'recording' | 'settings';

export interface Target {
  tab: EditorTab;
  flowId?: string;
  nodeId?: string;
  branch?: number;
  questionId?: string;
  ruleId?: string;
}

export function targetOf(def: BotDefinition, path: string): Target {
  const parts = path.split('.');
  const num = (i: number) => Number(parts[i]);
  switch (parts[0]) {
    case 'flows': {
      const flow = def.flows[num(1)];
      if (!flow) return { tab: 'main' };
      const t: Target = { tab: flow.kind === 'multi' ? 'multi' : 'main', flowId: flow.id };
      if (parts[2] === 'nodes') {
        const node = flow.nodes[num(3)];
        if (node) t.nodeId = node.id;
        if (node && parts[4] === 'branches' && node.branches[num(5)]) t.branch = num(5);
      }
      return t;
    }
    case 'knowledge':
      return { tab: 'knowledge', questionId: def.knowledge[num(1)]?.id };
    case 'intentRules':
    case 'intentLabels':
      return { tab: 'rules', ruleId: parts[0] === 'intentRules' ? def.intentRules[num(1)]?.id : undefined };
    case 'hotWords':
      return { tab: 'hotWords' };
    default:
      return { tab: 'settings' };
  }
}
