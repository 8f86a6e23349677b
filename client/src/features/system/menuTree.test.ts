import { grantableGroups, groupCheck, toggleGroup } from './menuTree';

it('offers only the menus held, grouped like the side bar', () => {
  const groups = grantableGroups(['crm/mycustomer', 'crm/sea', 'dashboards/rootdashboard']);
  expect(groups).toEqual([
    { id: 'home', keys: ['dashboards/rootdashboard'] },
    { id: 'customers', keys: ['crm/mycustomer', 'crm/sea'] },
  ]);
});

it('checks and toggles a group', () => {
  const keys = ['crm/mycustomer', 'crm/sea'];
  expect(groupCheck(keys, new Set())).toBe('none');
  expect(groupCheck(keys, new Set(['crm/sea']))).toBe('some');
  expect([...toggleGroup(keys, new Set(['crm/sea']))].sort()).toEqual(keys);
  expect([...toggleGroup(keys, new Set(keys))]).toEqual([]);
});
