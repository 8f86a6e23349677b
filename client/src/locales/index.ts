// All translations are bundled: the app is small and both languages must always be complete.
import zhCommon from './zh-CN/common.json';
import zhErrors from './zh-CN/errors.json';
import zhAuth from './zh-CN/auth.json';
import zhShell from './zh-CN/shell.json';
import zhNotices from './zh-CN/notices.json';
import zhDashboard from './zh-CN/dashboard.json';
import zhMenus from './zh-CN/menus.json';
import zhCrm from './zh-CN/crm.json';
import zhBots from './zh-CN/bots.json';
import zhTelephony from './zh-CN/telephony.json';
import zhTasks from './zh-CN/tasks.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enAuth from './en/auth.json';
import enShell from './en/shell.json';
import enNotices from './en/notices.json';
import enDashboard from './en/dashboard.json';
import enMenus from './en/menus.json';
import enCrm from './en/crm.json';
import enBots from './en/bots.json';
import enTelephony from './en/telephony.json';
import enTasks from './en/tasks.json';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'shell',
  'notices',
  'dashboard',
  'menus',
  'crm',
  'bots',
  'telephony',
  'tasks',
] as const;

export const resources = {
  'zh-CN': {
    common: zhCommon,
    errors: zhErrors,
    auth: zhAuth,
    shell: zhShell,
    notices: zhNotices,
    dashboard: zhDashboard,
    menus: zhMenus,
    crm: zhCrm,
    bots: zhBots,
    telephony: zhTelephony,
    tasks: zhTasks,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
    shell: enShell,
    notices: enNotices,
    dashboard: enDashboard,
    menus: enMenus,
    crm: enCrm,
    bots: enBots,
    telephony: enTelephony,
    tasks: enTasks,
  },
} as const;

export const isLanguage = (s: unknown): s is Language => LANGUAGES.includes(s as Language);
