// The one route table: every menu of domain/menus.ts (SPEC §2 shell routes) with its lazy page,
// label, side-bar area and permission. The router and the side bar are both drawn from it.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { IconName } from '@blueprintjs/icons';
import { MENUS, menuPath, type MenuArea } from '../../../domain/menus';
import { MENU_ICONS, menuLabelKey, navGroupOf, type NavGroupId } from './menuGroups';

export interface ShellPageProps {
  menuKey: string;
}

export interface ShellRoute {
  /** Menu key, also the child path under /rootmain. */
  key: string;
  /** Full URL: /rootmain/<key>. */
  path: string;
  area: MenuArea;
  /** The side-bar group (menuGroups.ts) and the entry's icon. */
  group: NavGroupId;
  icon: IconName;
  /** i18n key of the one label: side bar, page header title, breadcrumbs. */
  labelKey: string;
  /** Menu key the account must hold (Me.menus). */
  permission: string;
  /**
   * False while the page is not built: its URL shows the honest "not available yet" panel and the
   * side bar leaves it out (not a dead end).
   */
  available: boolean;
  Page: LazyExoticComponent<ComponentType<ShellPageProps>>;
}

const NotAvailablePage = lazy(() => import('../ui/NotAvailablePage'));

/** Pages built so far; every other menu renders NotAvailablePage. */
const BUILT: Record<string, LazyExoticComponent<ComponentType<ShellPageProps>>> = {
  'dashboards/rootdashboard': lazy(() => import('../features/dashboard/pages/DashboardPage')),
  'rootsidebarmain/robotui': lazy(() => import('../features/wallboard/pages/WallboardPage')),
  'mymain/main': lazy(() => import('../features/personal/pages/PersonalPage')),
  'crm/mycustomer': lazy(() => import('../features/crm/pages/CustomersPage')),
  'crm/workremain': lazy(() => import('../features/crm/pages/RemindersPage')),
  'crm/sea': lazy(() => import('../features/crm/pages/SeaPage')),
  'system/blackset': lazy(() => import('../features/crm/pages/BlacklistPage')),
  'bot/botview': lazy(() => import('../features/bots/pages/BotListPage')),
  'bot/botviewmarket': lazy(() => import('../features/bots/pages/MarketPage')),
  'bot/commonknow': lazy(() => import('../features/bots/pages/CommonKnowledgePage')),
  'bot/bigmodel': lazy(() => import('../features/bots/pages/BigModelPage')),
  'call/calling': lazy(() => import('../features/tasks/pages/OverviewPage')),
  'dialcenter/singletask': lazy(() => import('../features/tasks/pages/SingleTasksPage')),
  // 批量任务: batches of start/pause/stop, call periods and number imports across tasks (issue 23).
  'dialcenter/multtask': lazy(() => import('../features/tasks/pages/BatchTasksPage')),
  'dialcenter/seatsmanage': lazy(() => import('../features/seats/pages/SeatsManagePage')),
  'dialcenter/seatsdialdata': lazy(() => import('../features/seats/pages/SeatsDialDataPage')),
  'dialcenter/callblackmanage': lazy(() => import('../features/shields/pages/CallBlacklistPage')),
  'dialcenter/dayshieldmanage': lazy(() => import('../features/shields/pages/DayShieldPage')),
  'system/dockset': lazy(() => import('../features/telephony/pages/LinesPage')),
  'crm/dialrecord': lazy(() => import('../features/callrecords/pages/CallRecordsPage')),
  'dialcenter/callout': lazy(() => import('../features/callrecords/pages/CallRecordsPage')),
  'dialcenter/callin': lazy(() => import('../features/callin/pages/CallInPage')),
  'systemset/emptyasr': lazy(() => import('../features/telephony/pages/EmptyAsrPage')),
  'systemset/clusterserver': lazy(() => import('../features/telephony/pages/ClusterPage')),
  'set/apiandpush': lazy(() => import('../features/pushes/pages/ApiAndPushPage')),
  'system/usermanagemain': lazy(() => import('../features/system/pages/UsersPage')),
  'system/usershow': lazy(() => import('../features/usershow/pages/UserShowPage')),
  'system/rolesmain': lazy(() => import('../features/system/pages/RolesPage')),
  'statistic/mobilestatistic': lazy(() => import('../features/statistics/pages/NumbersPage')),
  'statistic/sipstatistic': lazy(() => import('../features/statistics/pages/LinesPage')),
  'statistic/expensereport': lazy(() => import('../features/statistics/pages/ExpensePage')),
  'bussinesscentral/report': lazy(() => import('../features/statistics/pages/BusinessPage')),
  // 平台看板: the super administrator's live platform panel (issue 25).
  'bussinesscentral/systemreadpanel': lazy(() => import('../features/platformPanel/pages/PlatformPanelPage')),
  // 财务管理: recharges of subordinates, recharge records, the ledger, call rates (issue 24 item 5).
  'bussinesscentral/financial': lazy(() => import('../features/finance/pages/FinancePage')),
  // 商户管理: merchants, their rates, settlement methods, assignable menus and the settlement lock (issue 24 item 4).
  'bussinesscentral/merchant': lazy(() => import('../features/merchants/pages/MerchantsPage')),
};

export const SHELL_ROUTES: readonly ShellRoute[] = MENUS.map(({ key, area }) => ({
  key,
  path: menuPath(key),
  area,
  group: navGroupOf(key),
  icon: MENU_ICONS[key] ?? 'document',
  labelKey: menuLabelKey(key),
  permission: key,
  available: key in BUILT,
  Page: BUILT[key] ?? NotAvailablePage,
}));

/** Pages under a menu that are not menus themselves (an editor of one row); the menu's permission applies. */
export interface DetailRoute {
  /** Child path under /rootmain, with params. */
  key: string;
  /** The menu this page belongs to (permission, side-bar highlight). */
  menuKey: string;
  Page: LazyExoticComponent<ComponentType<ShellPageProps>>;
}

export const DETAIL_ROUTES: readonly DetailRoute[] = [
  {
    key: 'bot/botview/:id',
    menuKey: 'bot/botview',
    Page: lazy(() => import('../features/bots/pages/BotEditorPage')),
  },
  // The seat desk: under the personal center, which every account holds, so a seat's user always
  // reaches it (the API checks it works the seat); linked from the header (SeatDeskLink).
  {
    key: 'mymain/main/seatdesk',
    menuKey: 'mymain/main',
    Page: lazy(() => import('../features/seatdesk/pages/SeatDeskPage')),
  },
];

/** The routes an account may use, in table order. */
export const routesFor = (menus: readonly string[]): ShellRoute[] => {
  const granted = new Set(menus);
  return SHELL_ROUTES.filter((r) => granted.has(r.permission));
};

/** What the side bar lists (and /rootmain opens first): granted and built. */
export const navRoutesFor = (menus: readonly string[]): ShellRoute[] =>
  routesFor(menus).filter((r) => r.available);

export const PUBLIC_PATHS = {
  login: '/login',
  register: '/register',
  forgot: '/forgot',
  notFound: '/error404',
  wxChat: '/wxChat.html',
  wxScan: '/wxscan',
} as const;

export const HOME_PATH = menuPath('dashboards/rootdashboard');
