// The side bar's model, pure: the groups users know (首页, 呼叫, 客户 …) that SPEC §2's menus are
// sorted into, an icon per entry and group, the menu search, and which menu a URL belongs to (the
// page header's title and breadcrumbs). The route table (routes.ts) says which pages are built.
import type { IconName } from '@blueprintjs/icons';
import { MENU_KEYS, SHELL_PATH } from '../../../domain/menus';

export type NavGroupId =
  | 'home'
  | 'calling'
  | 'customers'
  | 'bots'
  | 'callcenter'
  | 'statistics'
  | 'business'
  | 'sms'
  | 'system'
  | 'settings';

export interface NavGroupDef {
  id: NavGroupId;
  icon: IconName;
  /** Menu keys in side-bar order; every menu of domain/menus.ts is in exactly one group. */
  keys: readonly string[];
}

export const NAV_GROUPS: readonly NavGroupDef[] = [
  { id: 'home', icon: 'home', keys: ['dashboards/rootdashboard'] },
  {
    id: 'calling',
    icon: 'phone',
    keys: [
      'dialcenter/singletask',
      'dialcenter/multtask',
      'call/calling',
      'rootsidebarmain/robotui',
      'dialcenter/callout',
      'dialcenter/dayshieldmanage',
      'dialcenter/callblackmanage',
      'call/moreweixin',
    ],
  },
  {
    id: 'customers',
    icon: 'people',
    keys: ['crm/mycustomer', 'crm/workremain', 'crm/sea', 'crm/dialrecord', 'system/blackset'],
  },
  {
    id: 'bots',
    icon: 'predictive-analysis',
    keys: ['bot/botview', 'bot/botviewmarket', 'bot/commonknow', 'bot/bigmodel'],
  },
  {
    id: 'callcenter',
    icon: 'headset',
    keys: ['dialcenter/seatsmanage', 'dialcenter/seatsdialdata', 'dialcenter/callin'],
  },
  {
    id: 'statistics',
    icon: 'timeline-bar-chart',
    keys: ['statistic/mobilestatistic', 'statistic/sipstatistic', 'statistic/expensereport'],
  },
  {
    id: 'business',
    icon: 'briefcase',
    keys: [
      'bussinesscentral/merchant',
      'bussinesscentral/financial',
      'bussinesscentral/report',
      'bussinesscentral/systemreadpanel',
    ],
  },
  { id: 'sms', icon: 'envelope', keys: ['sms/smsmain'] },
  {
    id: 'system',
    icon: 'cog',
    keys: [
      'system/usermanagemain',
      'system/usershow',
      'system/rolesmain',
      'system/baseset',
      'system/systemset',
      'system/setstyle',
      'system/thirdmanage',
      'site/leavemessage',
      'site/documentmanage',
    ],
  },
  {
    id: 'settings',
    icon: 'settings',
    keys: [
      'mymain/main',
      'system/dockset',
      'set/apiandpush',
      'systemset/emptyasr',
      'systemset/clusterserver',
    ],
  },
];

/** One icon per menu entry (shown alone when the side bar is collapsed). */
export const MENU_ICONS: Readonly<Record<string, IconName>> = {
  'dashboards/rootdashboard': 'home',
  'call/calling': 'pulse',
  'call/moreweixin': 'chat',
  'rootsidebarmain/robotui': 'dashboard',
  'crm/mycustomer': 'person',
  'crm/workremain': 'notifications',
  'crm/dialrecord': 'history',
  'crm/sea': 'globe-network',
  'mymain/main': 'id-number',
  'system/rolesmain': 'key',
  'system/dockset': 'data-connection',
  'system/usershow': 'mugshot',
  'system/setstyle': 'style',
  'system/baseset': 'wrench',
  'system/systemset': 'cog',
  'system/blackset': 'blocked-person',
  'system/thirdmanage': 'exchange',
  'system/usermanagemain': 'user',
  'site/leavemessage': 'comment',
  'site/documentmanage': 'document',
  'bot/botview': 'predictive-analysis',
  'bot/botviewmarket': 'shop',
  'bot/commonknow': 'book',
  'bot/bigmodel': 'lightbulb',
  'dialcenter/singletask': 'phone',
  'dialcenter/multtask': 'layers',
  'dialcenter/seatsmanage': 'headset',
  'dialcenter/seatsdialdata': 'chart',
  'dialcenter/callin': 'inbox',
  'dialcenter/callout': 'send-message',
  'dialcenter/dayshieldmanage': 'calendar',
  'dialcenter/callblackmanage': 'ban-circle',
  'statistic/mobilestatistic': 'mobile-phone',
  'statistic/sipstatistic': 'satellite',
  'statistic/expensereport': 'dollar',
  'bussinesscentral/report': 'panel-stats',
  'bussinesscentral/financial': 'bank-account',
  'bussinesscentral/merchant': 'office',
  'bussinesscentral/systemreadpanel': 'heat-grid',
  'sms/smsmain': 'envelope',
  'set/apiandpush': 'send-to-graph',
  'systemset/emptyasr': 'microphone',
  'systemset/clusterserver': 'server',
};

const groupOfKey = new Map<string, NavGroupId>(
  NAV_GROUPS.flatMap((g) => g.keys.map((k) => [k, g.id] as const)),
);

/** The group a menu belongs to (every menu key has one; see the unit test). */
export const navGroupOf = (key: string): NavGroupId => groupOfKey.get(key) ?? 'home';

export const groupLabelKey = (id: NavGroupId): string => `menus:groups.${id}`;
export const menuLabelKey = (key: string): string => `menus:items.${key}`;

export interface NavGroup<R extends { key: string }> {
  id: NavGroupId;
  icon: IconName;
  routes: R[];
}

/** The side bar's groups, in NAV_GROUPS order, each with the given routes it holds; empty groups left out. */
export function groupRoutes<R extends { key: string }>(routes: readonly R[]): NavGroup<R>[] {
  const byKey = new Map(routes.map((r) => [r.key, r]));
  return NAV_GROUPS.map((g) => ({
    id: g.id,
    icon: g.icon,
    routes: g.keys.map((k) => byKey.get(k)).filter((r): r is R => r !== undefined),
  })).filter((g) => g.routes.length > 0);
}

/** Lower-cased, trimmed, inner spaces removed: "ai 任务" finds "AI任务". */
export const normalizeQuery = (s: string): string => s.toLowerCase().replace(/\s+/g, '');

/**
 * The menu search: an entry stays when the query is in one of its labels (every language) or in its
 * group's labels (then the whole group stays). An empty query keeps everything.
 */
export function filterGroups<R extends { key: string }>(
  groups: readonly NavGroup<R>[],
  query: string,
  labels: { item(key: string): readonly string[]; group(id: NavGroupId): readonly string[] },
): NavGroup<R>[] {
  const q = normalizeQuery(query);
  if (!q) return [...groups];
  const has = (texts: readonly string[]) => texts.some((t) => normalizeQuery(t).includes(q));
  return groups
    .map((g) =>
      has(labels.group(g.id)) ? g : { ...g, routes: g.routes.filter((r) => has(labels.item(r.key))) },
    )
    .filter((g) => g.routes.length > 0);
}

/**
 * The menu a shell URL shows: /rootmain/<key> or a page under it (/rootmain/bot/botview/12 →
 * bot/botview). Null outside the shell or for an unknown path.
 */
export function menuKeyOfPath(pathname: string): string | null {
  const prefix = `${SHELL_PATH}/`;
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/\/+$/, '');
  let best: string | null = null;
  for (const k of MENU_KEYS)
    if ((rest === k || rest.startsWith(`${k}/`)) && (best === null || k.length > best.length)) best = k;
  return best;
}

/** Collapsed groups and the icon-only mode, remembered per browser. */
export interface SideBarPrefs {
  collapsed: boolean;
  closedGroups: NavGroupId[];
}

export const SIDEBAR_PREFS_KEY = 'cp.sidebar';
const GROUP_IDS = new Set<string>(NAV_GROUPS.map((g) => g.id));

/** Reads stored prefs; anything unreadable or unknown falls back to the defaults (expanded, all open). */
export function parseSideBarPrefs(raw: string | null | undefined): SideBarPrefs {
  const prefs: SideBarPrefs = { collapsed: false, closedGroups: [] };
  if (!raw) return prefs;
  try {
    const v = JSON.parse(raw) as Partial<Record<keyof SideBarPrefs, unknown>>;
    if (v && typeof v === 'object') {
      prefs.collapsed = v.collapsed === true;
      if (Array.isArray(v.closedGroups))
        prefs.closedGroups = v.closedGroups.filter(
          (g): g is NavGroupId => typeof g === 'string' && GROUP_IDS.has(g),
        );
    }
  } catch {
    // A hand-edited or old value: defaults.
  }
  return prefs;
}

export const toggleGroup = (prefs: SideBarPrefs, id: NavGroupId): SideBarPrefs => ({
  ...prefs,
  closedGroups: prefs.closedGroups.includes(id)
    ? prefs.closedGroups.filter((g) => g !== id)
    : [...prefs.closedGroups, id],
});
