import { DEFAULT_USER_MENUS, MENUS, MENU_KEYS, menuPath } from '../../../domain/menus';
import { createI18n } from './i18n';
import { groupLabelKey, groupRoutes } from './menuGroups';
import { HOME_PATH, SHELL_ROUTES, navRoutesFor, routesFor } from './routes';

describe('route table', () => {
  it('has exactly one route per menu key, in menu order', () => {
    expect(SHELL_ROUTES.map((r) => r.key)).toEqual([...MENU_KEYS]);
  });

  it('gives each route its URL, area, permission and a page', () => {
    for (const r of SHELL_ROUTES) {
      const menu = MENUS.find((m) => m.key === r.key)!;
      expect(r.path).toBe(menuPath(r.key));
      expect(r.area).toBe(menu.area);
      expect(r.permission).toBe(r.key);
      expect(r.Page).toBeDefined();
    }
  });

  it('builds the dashboard, the customer center and the bots; every other area is honestly not available yet', () => {
    expect(SHELL_ROUTES.filter((r) => r.available).map((r) => r.key)).toEqual([
      'dashboards/rootdashboard',
      'call/calling',
      'rootsidebarmain/robotui',
      'crm/mycustomer',
      'crm/workremain',
      'crm/dialrecord',
      'crm/sea',
      'mymain/main',
      'system/rolesmain',
      'system/dockset',
      'system/usershow',
      'system/blackset',
      'system/usermanagemain',
      'bot/botview',
      'bot/botviewmarket',
      'bot/commonknow',
      'bot/bigmodel',
      'dialcenter/singletask',
      'dialcenter/multtask',
      'dialcenter/seatsmanage',
      'dialcenter/seatsdialdata',
      'dialcenter/callin',
      'dialcenter/callout',
      'dialcenter/dayshieldmanage',
      'dialcenter/callblackmanage',
      'statistic/mobilestatistic',
      'statistic/sipstatistic',
      'statistic/expensereport',
      'bussinesscentral/report',
      'bussinesscentral/financial',
      'bussinesscentral/merchant',
      'bussinesscentral/systemreadpanel',
      'set/apiandpush',
      'systemset/emptyasr',
      'systemset/clusterserver',
    ]);
    const notAvailable = SHELL_ROUTES.filter((r) => !r.available);
    expect(new Set(notAvailable.map((r) => r.Page)).size).toBe(1);
    expect(HOME_PATH).toBe('/rootmain/dashboards/rootdashboard');
  });

  it.each(['zh-CN', 'en'] as const)('has a %s label for every route and its side-bar group', (lng) => {
    const i18n = createI18n(lng, false);
    for (const r of SHELL_ROUTES) {
      expect(i18n.exists(r.labelKey)).toBe(true);
      expect(i18n.exists(groupLabelKey(r.group))).toBe(true);
    }
  });

  it('filters by the granted menus and ignores unknown keys', () => {
    const rs = routesFor([...DEFAULT_USER_MENUS, 'nope/unknown']);
    expect(rs.map((r) => r.key).sort()).toEqual([...DEFAULT_USER_MENUS].sort());
    expect(routesFor([])).toEqual([]);
  });

  it('the side bar lists only built pages: a not-built one is no dead end', () => {
    const all = SHELL_ROUTES.map((r) => r.key);
    const listed = navRoutesFor(all).map((r) => r.key);
    expect(listed).toEqual(SHELL_ROUTES.filter((r) => r.available).map((r) => r.key));
    expect(listed).not.toContain('sms/smsmain');
    expect(navRoutesFor(['sms/smsmain', 'crm/sea']).map((r) => r.key)).toEqual(['crm/sea']);
  });

  it('groups the side bar in the groups users know', () => {
    const groups = groupRoutes(routesFor(['crm/sea', 'dashboards/rootdashboard', 'crm/mycustomer']));
    expect(groups.map((g) => g.id)).toEqual(['home', 'customers']);
    expect(groups[1]!.routes.map((r) => r.key)).toEqual(['crm/mycustomer', 'crm/sea']);
  });
});
