// The subtree as a tree (parent -> children) and the rows the table shows: the selected node's
// subtree (or all), narrowed by the search text (account, real name, phone, remark).
import type { AccountDto } from '../../../../domain/api';

export interface AccountNode {
  account: AccountDto;
  children: AccountNode[];
}

/** Accounts whose parent is not in the list are roots (the editor's direct subordinates). */
export function buildTree(items: readonly AccountDto[]): AccountNode[] {
  const nodes = new Map<number, AccountNode>();
  for (const a of items) nodes.set(a.id, { account: a, children: [] });
  const roots: AccountNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.account.parentId === null ? undefined : nodes.get(n.account.parentId);
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** The ids of `id` and every account below it. */
export function subtreeOf(items: readonly AccountDto[], id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const a of items)
    if (a.parentId !== null) children.set(a.parentId, [...(children.get(a.parentId) ?? []), a.id]);
  const out = new Set<number>([id]);
  const stack = [id];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      if (out.has(c)) continue;
      out.add(c);
      stack.push(c);
    }
  }
  return out;
}

export const matches = (a: AccountDto, q: string): boolean => {
  const s = q.trim().toLowerCase();
  if (!s) return true;
  return [a.account, a.realName, a.phone ?? '', a.remark ?? '', a.position ?? ''].some((f) =>
    f.toLowerCase().includes(s),
  );
};

export function visibleRows(items: readonly AccountDto[], nodeId: number | null, q: string): AccountDto[] {
  const within = nodeId === null ? null : subtreeOf(items, nodeId);
  return items.filter((a) => (!within || within.has(a.id)) && matches(a, q));
}

/** Ids shown in a searched tree: the matches and their ancestors (so each match keeps its path). */
export function treeMatches(items: readonly AccountDto[], q: string): Set<number> | null {
  if (!q.trim()) return null;
  const byId = new Map(items.map((a) => [a.id, a]));
  const out = new Set<number>();
  for (const a of items) {
    if (!matches(a, q)) continue;
    let cur: AccountDto | undefined = a;
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
  }
  return out;
}
