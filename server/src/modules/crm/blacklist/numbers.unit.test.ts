import { pathIds } from '../sea/owner';
import { normalizePhone } from './numbers';

it.each([
  ['13812345678', '13812345678'],
  [' 138 1234 5678 ', '13812345678'],
  ['010-12345678', '01012345678'],
  ['2345678', null], // a local number without its area code
  ['400-123-4567', '4001234567'],
  ['075512345678', '075512345678'],
  ['12812345678', null], // 11 digits starting with 1 but not a mobile
  ['123456', null],
  ['0755123456789', null],
  ['+8613812345678', '13812345678'],
  ['+86 138 1234 5678', '13812345678'],
  ['86-13812345678', '13812345678'],
  ['１３８１２３４５６７８', '13812345678'],
  ['1381234567x', null],
  ['', null],
])('normalizePhone(%j) is %j', (raw, want) => expect(normalizePhone(raw)).toBe(want));

it('reads the ids of a materialized path, root first', () => {
  expect(pathIds('/1/5/9/')).toEqual([1, 5, 9]);
  expect(pathIds('/1/')).toEqual([1]);
});
