// The subtree as a tree: all subordinates at the top, then each account with its own subordinates.
// Clicking a node shows its subtree in the table; the search keeps each match with its path.
import { Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDto } from '../../../../../domain/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectSystem, systemActions as S } from '../slice';
import { buildTree, treeMatches, type AccountNode } from '../tree';

export function UserTree({ items }: { items: AccountDto[] }) {
  const { t } = useTranslation('system');
  const dispatch = useAppDispatch();
  const { nodeId, q } = useAppSelector(selectSystem);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const shown = treeMatches(items, q);
  const toInfo = (n: AccountNode): TreeNodeInfo<number> => {
    const children = n.children.filter((c) => !shown || shown.has(c.account.id)).map(toInfo);
    return {
      id: n.account.id,
      nodeData: n.account.id,
      label: <span data-testid={`tree-${n.account.account}`}>{n.account.account}</span>,
      secondaryLabel: n.account.realName,
      icon: n.account.level === 2 ? 'shop' : 'person',
      isSelected: nodeId === n.account.id,
      isExpanded: !collapsed.has(n.account.id),
      childNodes: children.length ? children : undefined,
    };
  };
  const roots = buildTree(items)
    .filter((r) => !shown || shown.has(r.account.id))
    .map(toInfo);
  const contents: TreeNodeInfo<number>[] = [
    {
      id: 0,
      nodeData: 0,
      label: <span data-testid="tree-all">{t('users.treeAll')}</span>,
      icon: 'diagram-tree',
      isSelected: nodeId === null,
      isExpanded: true,
      childNodes: roots,
    },
  ];
  const toggle = (id: number) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Tree
      contents={contents}
      onNodeClick={(n) => dispatch(S.nodeSelected(n.nodeData ? n.nodeData : null))}
      onNodeCollapse={(n) => n.nodeData && toggle(n.nodeData)}
      onNodeExpand={(n) => n.nodeData && toggle(n.nodeData)}
    />
  );
}
