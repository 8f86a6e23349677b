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
import zhCallRecords from './zh-CN/callrecords.json';
import zhPushes from './zh-CN/pushes.json';
import zhShields from './zh-CN/shields.json';
import zhSeats from './zh-CN/seats.json';
import zhPersonal from './zh-CN/personal.json';
import zhWallboard from './zh-CN/wallboard.json';
import zhCallin from './zh-CN/callin.json';
import zhSeatDesk from './zh-CN/seatdesk.json';
import zhSoftphone from './zh-CN/softphone.json';
import zhOutbound from './zh-CN/outbound.json';
import zhSystem from './zh-CN/system.json';
import zhStatistics from './zh-CN/statistics.json';
import zhReasons from './zh-CN/reasons.json';
import zhFinance from './zh-CN/finance.json';
import zhMerchants from './zh-CN/merchants.json';
// Result levels, grades and live call states come from the one table in domain (server exports use it too).
import { resultResources } from '../../../domain/resultLabels';
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
import enCallRecords from './en/callrecords.json';
import enPushes from './en/pushes.json';
import enShields from './en/shields.json';
import enSeats from './en/seats.json';
import enPersonal from './en/personal.json';
import enWallboard from './en/wallboard.json';
import enCallin from './en/callin.json';
import enSeatDesk from './en/seatdesk.json';
import enSoftphone from './en/softphone.json';
import enOutbound from './en/outbound.json';
import enSystem from './en/system.json';
import enStatistics from './en/statistics.json';
import enReasons from './en/reasons.json';
import enFinance from './en/finance.json';
import enMerchants from './en/merchants.json';

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
  'callrecords',
  'pushes',
  'shields',
  'seats',
  'personal',
  'wallboard',
  'seatdesk',
  'softphone',
  'callin',
  'outbound',
  'results',
  'system',
  'statistics',
  'reasons',
  'finance',
  'merchants',
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
    callrecords: zhCallRecords,
    pushes: zhPushes,
    shields: zhShields,
    seats: zhSeats,
    personal: zhPersonal,
    wallboard: zhWallboard,
    callin: zhCallin,
    seatdesk: zhSeatDesk,
    softphone: zhSoftphone,
    outbound: zhOutbound,
    results: resultResources('zh-CN'),
    system: zhSystem,
    statistics: zhStatistics,
    reasons: zhReasons,
    finance: zhFinance,
    merchants: zhMerchants,
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
    callrecords: enCallRecords,
    pushes: enPushes,
    shields: enShields,
    seats: enSeats,
    personal: enPersonal,
    wallboard: enWallboard,
    callin: enCallin,
    seatdesk: enSeatDesk,
    softphone: enSoftphone,
    outbound: enOutbound,
    results: resultResources('en'),
    system: enSystem,
    statistics: enStatistics,
    reasons: enReasons,
    finance: enFinance,
    merchants: enMerchants,
  },
} as const;

export const isLanguage = (s: unknown): s is Language => LANGUAGES.includes(s as Language);
