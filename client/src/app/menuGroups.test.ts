import { IconNames } from '@blueprintjs/icons';
import { MENU_KEYS } from '../../../domain/menus';
import { createI18n } from './i18n';
import {
  MENU_ICONS,
  NAV_GROUPS,
  SIDEBAR_PREFS_KEY,
  filterGroups,
  groupLabelKey,
  groupRoutes,
  menuKeyOfPath,
  menuLabelKey,
  navGroupOf,
  normalizeQuery,
  parseSideBarPrefs,
  toggleGroup,
  type NavGroupId,
} from './menuGroups';

const ICONS = new Set<string>(Object.values(IconNames));
const zh = createI18n('zh-CN', false);
const en = createI18n('en', false);
const labels = {
  item: (key: string) => [zh.t(menuLabelKey(key)), en.t(menuLabelKey(key))],
  group: (id: NavGroupId) => [zh.t(groupLabelKey(id)), en.t(groupLabelKey(id))],
};
const routes = MENU_KEYS.map((key) => ({ key }));

describe('side-bar groups', () => {
  it('are the ten groups users know, in order', () => {
    expect(NAV_GROUPS.map((g) => zh.t(groupLabelKey(g.id)))).toEqual([
      '首页',
      '呼叫',
      '客户',
      '机器人',
      '呼叫中心',
      '统计',
      '商务',
      '短信',
      '系统',
      '设置',
    ]);
    for (const g of NAV_GROUPS) expect(en.exists(groupLabelKey(g.id))).toBe(true);
  });

  it('hold every menu of SPEC §2 exactly once', () => {
    const keys = NAV_GROUPS.flatMap((g) => g.keys);
    expect([...keys].sort()).toEqual([...MENU_KEYS].sort());
    expect(new Set(keys).size).toBe(keys.length);
    expect(navGroupOf('crm/sea')).toBe('customers');
    expect(navGroupOf('dialcenter/seatsmanage')).toBe('callcenter');
  });

  it('give every entry and group a Blueprint icon', () => {
    for (const k of MENU_KEYS) expect(ICONS.has(MENU_ICONS[k]!)).toBe(true);
    for (const g of NAV_GROUPS) expect(ICONS.has(g.icon)).toBe(true);
  });

  it('have no label that is a layout word or the same in two places (issue 23)', () => {
    for (const t of [zh, en]) {
      const names = MENU_KEYS.map((k) => t.t(menuLabelKey(k)));
      expect(new Set(names).size).toBe(names.length);
      for (const g of NAV_GROUPS) expect(t.t(groupLabelKey(g.id))).not.toMatch(/侧边栏|side bar/i);
    }
    expect(zh.t(menuLabelKey('rootsidebarmain/robotui'))).toBe('监控大屏');
    expect(zh.t(menuLabelKey('system/dockset'))).toBe('线路管理');
    // No entry is named like a group (breadcrumbs "Bots › Bots", 呼叫中心 the group and a page),
    // except 首页, the group of one.
    for (const t of [zh, en]) {
      const groupNames = NAV_GROUPS.filter((g) => g.id !== 'home').map((g) => t.t(groupLabelKey(g.id)));
      for (const k of MENU_KEYS) expect(groupNames).not.toContain(t.t(menuLabelKey(k)));
    }
  });

  it('groupRoutes keeps group order, drops empty groups', () => {
    const groups = groupRoutes([{ key: 'bot/botview' }, { key: 'crm/sea' }, { key: 'crm/mycustomer' }]);
    expect(groups.map((g) => g.id)).toEqual(['customers', 'bots']);
    expect(groups[0]!.routes.map((r) => r.key)).toEqual(['crm/mycustomer', 'crm/sea']);
  });
});

describe('menu search', () => {
  const all = groupRoutes(routes);
  const keysOf = (q: string) => filterGroups(all, q, labels).flatMap((g) => g.routes.map((r) => r.key));

  it('keeps everything for an empty query', () => {
    expect(keysOf('  ')).toEqual(all.flatMap((g) => g.routes.map((r) => r.key)));
  });

  it('finds entries by their Chinese or English name, case and spaces ignored', () => {
    expect(keysOf('客户')).toEqual(expect.arrayContaining(['crm/mycustomer', 'crm/sea']));
    expect(keysOf('ai 任务')).toEqual(['dialcenter/singletask']);
    expect(keysOf('AI TASKS')).toEqual(['dialcenter/singletask']);
    expect(keysOf('wallboard')).toEqual(['rootsidebarmain/robotui']);
    expect(keysOf('黑名单')).toEqual(['dialcenter/callblackmanage', 'system/blackset']);
  });

  it('a group name keeps the whole group', () => {
    expect(keysOf('机器人')).toEqual(['bot/botview', 'bot/botviewmarket', 'bot/commonknow', 'bot/bigmodel']);
    expect(keysOf('call center')).toEqual(NAV_GROUPS.find((g) => g.id === 'callcenter')!.keys);
  });

  it('nothing matches a nonsense query', () => {
    expect(filterGroups(all, 'zzzz', labels)).toEqual([]);
    expect(normalizeQuery(' A b ')).toBe('ab');
  });
});

describe('menuKeyOfPath', () => {
  it('maps shell URLs and pages under a menu to the menu', () => {
    expect(menuKeyOfPath('/rootmain/crm/sea')).toBe('crm/sea');
    expect(menuKeyOfPath('/rootmain/crm/sea/')).toBe('crm/sea');
    expect(menuKeyOfPath('/rootmain/bot/botview/12')).toBe('bot/botview');
    expect(menuKeyOfPath('/rootmain/mymain/main/seatdesk')).toBe('mymain/main');
  });
  it('is null outside the shell or for unknown paths', () => {
    expect(menuKeyOfPath('/login')).toBeNull();
    expect(menuKeyOfPath('/rootmain')).toBeNull();
    expect(menuKeyOfPath('/rootmain/crm/seaside')).toBeNull();
    expect(menuKeyOfPath('/crm/sea')).toBeNull();
  });
});

describe('side-bar prefs', () => {
  it('default to expanded with every group open; bad values fall back', () => {
    const def = { collapsed: false, closedGroups: [] };
    expect(parseSideBarPrefs(null)).toEqual(def);
    expect(parseSideBarPrefs('not json')).toEqual(def);
    expect(parseSideBarPrefs('"x"')).toEqual(def);
    expect(parseSideBarPrefs('{"collapsed":"yes","closedGroups":["bots","nope",3]}')).toEqual({
      collapsed: false,
      closedGroups: ['bots'],
    });
    expect(SIDEBAR_PREFS_KEY).toBe('cp.sidebar');
  });
  it('round-trip and toggle groups', () => {
    const p = toggleGroup(toggleGroup({ collapsed: true, closedGroups: [] }, 'bots'), 'sms');
    expect(p.closedGroups).toEqual(['bots', 'sms']);
    expect(parseSideBarPrefs(JSON.stringify(p))).toEqual(p);
    expect(toggleGroup(p, 'bots').closedGroups).toEqual(['sms']);
  });
});
