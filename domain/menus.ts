// Every route of SPEC §2 under the authenticated shell is one menu entry. The menu key is the
// child path (e.g. 'crm/mycustomer'); the full URL is `/rootmain/<key>`. Roles grant menu keys;
// the client's side bar and router and the server's permission checks all read this table.

export type MenuArea =
  | 'dashboard'
  | 'calling'
  | 'sidebar'
  | 'customers'
  | 'personal'
  | 'system'
  | 'site'
  | 'bots'
  | 'dialcenter'
  | 'statistics'
  | 'business'
  | 'sms'
  | 'settings';

export interface MenuEntry {
  key: string;
  area: MenuArea;
}

const entries = (area: MenuArea, keys: string[]): MenuEntry[] => keys.map((key) => ({ key, area }));

export const MENUS: readonly MenuEntry[] = [
  ...entries('dashboard', ['dashboards/rootdashboard']),
  ...entries('calling', ['call/calling', 'call/moreweixin']),
  ...entries('sidebar', ['rootsidebarmain/robotui']),
  ...entries('customers', ['crm/mycustomer', 'crm/workremain', 'crm/dialrecord', 'crm/sea']),
  ...entries('personal', ['mymain/main']),
  ...entries('system', [
    'system/rolesmain',
    'system/dockset',
    'system/usershow',
    'system/setstyle',
    'system/baseset',
    'system/systemset',
    'system/blackset',
    'system/thirdmanage',
    'system/usermanagemain',
  ]),
  ...entries('site', ['site/leavemessage', 'site/documentmanage']),
  ...entries('bots', ['bot/botview', 'bot/botviewmarket', 'bot/commonknow', 'bot/bigmodel']),
  ...entries('dialcenter', [
    'dialcenter/singletask',
    'dialcenter/multtask',
    'dialcenter/seatsmanage',
    'dialcenter/seatsdialdata',
    'dialcenter/callin',
    'dialcenter/callout',
    'dialcenter/dayshieldmanage',
    'dialcenter/callblackmanage',
  ]),
  ...entries('statistics', [
    'statistic/mobilestatistic',
    'statistic/sipstatistic',
    'statistic/expensereport',
  ]),
  ...entries('business', [
    'bussinesscentral/report',
    'bussinesscentral/financial',
    'bussinesscentral/merchant',
    'bussinesscentral/systemreadpanel',
  ]),
  ...entries('sms', ['sms/smsmain']),
  ...entries('settings', ['set/apiandpush', 'systemset/emptyasr', 'systemset/clusterserver']),
];

export const MENU_KEYS: readonly string[] = MENUS.map((m) => m.key);
const keySet = new Set(MENU_KEYS);
export const isMenuKey = (k: string): boolean => keySet.has(k);

export const SHELL_PATH = '/rootmain';
export const menuPath = (key: string): string => `${SHELL_PATH}/${key}`;

/** Platform-wide entries only the super administrator's role holds (cluster, ASR, control parameters). */
export const SUPER_ONLY_MENUS: readonly string[] = [
  'systemset/clusterserver',
  'systemset/emptyasr',
  'system/systemset',
  'bussinesscentral/systemreadpanel',
];

/** Default grants of the seeded roles; merchants may hand on any subset of what they hold. */
export const DEFAULT_MERCHANT_MENUS: readonly string[] = MENU_KEYS.filter(
  (k) => !SUPER_ONLY_MENUS.includes(k),
);
export const DEFAULT_USER_MENUS: readonly string[] = [
  'dashboards/rootdashboard',
  'call/calling',
  'crm/mycustomer',
  'crm/workremain',
  'crm/dialrecord',
  'crm/sea',
  'mymain/main',
  'bot/botview',
  'bot/commonknow',
  'dialcenter/singletask',
  'dialcenter/seatsdialdata',
  'statistic/mobilestatistic',
  'sms/smsmain',
];
