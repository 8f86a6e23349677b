// The super administrator's platform panel (menu bussinesscentral/systemreadpanel, issue 25): what the
// whole platform is doing now. GET /api/platform/panel gives the snapshot; while the page is open the
// socket (room platform:panel, level 0 only) brings a PlatformPulse every PANEL_PULSE_MS that
// replaces its live part and, when newer, today's totals.
import type { WallboardKpis } from './wallboard';

/** How often one server process sends the pulse to the platform room. */
export const PANEL_PULSE_MS = 2000;
/** Today's totals are read again at most this often (a scan of the day's ended calls). */
export const PANEL_TODAY_REFRESH_MS = 10_000;
/** Originates per second: calls originated in this last window, divided by its seconds. */
export const ORIGINATE_WINDOW_MS = 10_000;
/** Accounts whose expiry falls within this many days (or passed as long ago) are listed. */
export const EXPIRING_DAYS = 7;
/** Rows of each list (low balances, expiring accounts, lines down, merchants) at most. */
export const PANEL_LIST_MAX = 50;

export interface PanelNode {
  id: number;
  name: string;
  /** True: connected; false: reported down; null: no current report from a media worker. */
  connected: boolean | null;
  channels: number;
  /** Sessions per second FreeSWITCH reports. */
  sps: number;
  lastError: string | null;
  updatedAt: string | null;
  /** Open calls the platform placed through this node. */
  calls: number;
}

export interface PanelWorker {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  lastSeenAt: string;
  /** The heartbeat is fresh. */
  ok: boolean;
  freeswitch: { name: string; connected: boolean }[];
}

export interface PanelQueue {
  name: string;
  ok: boolean;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface PanelMerchantCalls {
  accountId: number;
  account: string;
  calls: number;
}

export interface PanelLines {
  up: number;
  down: number;
  /** Enabled lines no switch has reported on (yet). */
  unknown: number;
  /** The lines reported down, at most PANEL_LIST_MAX. */
  downList: { id: number; name: string }[];
}

/** What changes by the second: sent in every pulse. */
export interface PanelLive {
  at: string;
  callsInProgress: number;
  /** Open calls by FreeSWITCH node name; node null: not originated yet. */
  byNode: { node: string | null; calls: number }[];
  /** Open calls by the account directly below the platform (the merchant), most first. */
  byMerchant: PanelMerchantCalls[];
  originatesPerSecond: number;
  queues: PanelQueue[];
  workers: PanelWorker[];
  nodes: PanelNode[];
  lines: PanelLines;
}

/** Today's totals of every tenant (local day of the super administrator's time zone). */
export interface PanelToday {
  asOf: string;
  day: string;
  timeZone: string;
  kpis: WallboardKpis;
}

export interface PlatformPulse {
  live: PanelLive;
  today: PanelToday;
}

export interface PanelLowBalance {
  accountId: number;
  account: string;
  level: number;
  balanceFen: number;
  thresholdFen: number;
}

export interface PanelExpiring {
  accountId: number;
  account: string;
  level: number;
  expiresAt: string;
}

export interface PlatformPanelSnapshot extends PlatformPulse {
  lowBalances: PanelLowBalance[];
  expiring: PanelExpiring[];
}

/** A pulse applied to what is on screen: the live part always, today's totals only when newer. */
export function applyPulse(view: PlatformPanelSnapshot, pulse: PlatformPulse): PlatformPanelSnapshot {
  const newer = Date.parse(pulse.today.asOf) >= Date.parse(view.today.asOf);
  const liveNewer = Date.parse(pulse.live.at) >= Date.parse(view.live.at);
  return {
    ...view,
    live: liveNewer ? pulse.live : view.live,
    today: newer ? pulse.today : view.today,
  };
}

/** The newest time of the data on screen. */
export const panelAsOf = (v: PlatformPulse): string =>
  Date.parse(v.live.at) > Date.parse(v.today.asOf) ? v.live.at : v.today.asOf;
