import type { AccountDto } from '../../../../domain/api';
import { buildTree, subtreeOf, treeMatches, visibleRows } from './tree';

const acct = (id: number, parentId: number | null, account: string, realName = ''): AccountDto =>
  ({ id, parentId, account, realName, phone: null, remark: null, position: null }) as AccountDto;

// 2 (my child) -> 3 -> 4 ; 5 (my child)
const items = [
  acct(2, 1, 'merch01'),
  acct(3, 2, 'user03', '张三'),
  acct(4, 3, 'deep04'),
  acct(5, 1, 'other5'),
];

it('builds the tree with my direct subordinates as roots', () => {
  const roots = buildTree(items);
  expect(roots.map((r) => r.account.id)).toEqual([2, 5]);
  expect(roots[0]!.children[0]!.children[0]!.account.account).toBe('deep04');
});

it('shows a node subtree, narrowed by the search', () => {
  expect([...subtreeOf(items, 2)].sort()).toEqual([2, 3, 4]);
  expect(visibleRows(items, 3, '').map((a) => a.id)).toEqual([3, 4]);
  expect(visibleRows(items, null, '张').map((a) => a.id)).toEqual([3]);
  expect(visibleRows(items, null, 'DEEP').map((a) => a.id)).toEqual([4]);
});

it('keeps the path to each match in the searched tree', () => {
  expect([...treeMatches(items, 'deep')!].sort()).toEqual([2, 3, 4]);
  expect(treeMatches(items, ' ')).toBeNull();
});
