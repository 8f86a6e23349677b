// The user info page (/system/usershow): a read-only card of one account of the viewer's subtree
// (itself included) for its superiors — identity, limits, usage, balance and recent logins.

/** One account the viewer may look at (the picker's list). */
export interface AccountChoice {
  id: number;
  account: string;
  realName: string;
  level: 0 | 1 | 2;
}

/** Call figures of a period: the account and its sub-accounts' calls (report rollups), its own spend. */
export interface UsageFigures {
  /** First and last local day (yyyy-MM-dd, the account's dialing zone). */
  from: string;
  to: string;
  /** Dialled calls (blacklist refusals and test calls not counted, as in the reports). */
  calls: number;
  connected: number;
  talkMs: number;
  /** What the account's own ledger was charged for calls in the period (fen). */
  spendFen: number;
}

/** One login: a session the account opened (sessions are kept after they end). */
export interface LoginEntry {
  at: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  /** Still usable (not revoked, not past its expiry). */
  active: boolean;
  /** Why it ended ('expired', 'logout', 'disabled', …) or null. */
  endReason: string | null;
}

export interface AccountInfo {
  id: number;
  account: string;
  realName: string;
  level: 0 | 1 | 2;
  roleName: string | null;
  position: string | null;
  phone: string | null;
  email: string | null;
  parentAccount: string | null;
  createdAt: string;
  disabled: boolean;
  expired: boolean;
  limits: {
    aiSeats: number;
    totalAuthorization: number;
    expiresAt: string;
    dialIntervalSeconds: number;
    /** 0 = no limit. */
    dailyConnectLimit: number;
    dailyMinutesLimit: number;
    /** Lines the account owns or was assigned (names, at most LINES_MAX). */
    lines: { id: number; name: string; enabled: boolean }[];
    lineCount: number;
  };
  balanceFen: number;
  timeZone: string;
  today: UsageFigures;
  month: UsageFigures;
  /** Ended calls not settled yet, counted in the figures already. */
  settling: number;
  /** The latest logins, newest first (at most LOGINS_MAX), and how many there are in all. */
  logins: LoginEntry[];
  loginCount: number;
  asOf: string;
}

export const LINES_MAX = 50;
export const LOGINS_MAX = 10;
