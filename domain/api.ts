// The REST contract: reply envelope, codes (SPEC §8) and the request/response types of /api.

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T | null;
  /** Some legacy clients read errorCode; 0 and 103 count as success (SPEC §8). */
  errorCode?: number;
}

/** Envelope codes. HTTP statuses are used as codes for plain HTTP-class errors. */
export const Code = {
  Ok: 200,
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Timeout: 408,
  Conflict: 409,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  ServerError: 500,
  ServiceUnavailable: 503,
  /** Not logged in / no valid session: client goes to login (SPEC §8). */
  NotLoggedIn: 10003,
  /** Session expired (idle or absolute): client goes to login. */
  SessionExpired: 10004,
  /** Session revoked (logout elsewhere, password changed, account disabled or expired). */
  SessionRevoked: 102,
  BadCredentials: 40001,
  AccountExpired: 40002,
  AccountDisabled: 40003,
  PledgeRequired: 40004,
  AccountTaken: 40005,
  EmailTaken: 40006,
  ResetLinkInvalid: 40007,
  WrongPassword: 40008,
  /** The bot's checker found errors: data.problems lists them (BotProblem[]). */
  BotNotPublishable: 40009,
  /** A self-registered account logs in only after its e-mail is verified. */
  EmailNotVerified: 40010,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Codes that clear remember-me and send the client to /login (SPEC §8). */
export const LOGIN_REQUIRED_CODES: readonly number[] = [
  Code.NotLoggedIn,
  Code.SessionExpired,
  Code.SessionRevoked,
];

export function isSuccess(body: { code?: number; errorCode?: number }): boolean {
  return body.code === 200 || body.errorCode === 0 || body.errorCode === 103;
}

/** Field errors carried in `data` of a 400 reply. */
export interface FieldError {
  path: string;
  message: string;
}
export interface ValidationErrorData {
  errors: FieldError[];
}

// ---- auth ----
export interface LoginRequest {
  /** Account name or e-mail. */
  account: string;
  password: string;
  remember: boolean;
  /** The information-security pledge must be agreed to. */
  pledge: boolean;
}
/** The session user of SPEC §4: the token is kept in browser storage and sent in the Authorization header. */
export interface SessionUser {
  token: string;
  username: string;
  headImgUrl: string;
}
export interface Me {
  id: number;
  account: string;
  realName: string;
  email: string | null;
  level: 0 | 1 | 2;
  parentId: number | null;
  /** Menu keys (see domain/menus.ts) this account may use. */
  menus: string[];
  expiresAt: string | null;
  headImgUrl: string;
}
export interface LoginResponse {
  user: SessionUser;
  me: Me;
}
export interface RegisterRequest {
  account: string;
  password: string;
  confirm: string;
  email: string;
  realName: string;
  phone?: string;
  pledge: boolean;
}
export interface ForgotRequest {
  email: string;
}
export interface ResetRequest {
  token: string;
  password: string;
  confirm: string;
}
export interface ChangePasswordRequest {
  kind: 'login' | 'export';
  oldPassword: string;
  password: string;
  confirm: string;
}

// ---- accounts ----
export interface AccountDto {
  id: number;
  parentId: number | null;
  account: string;
  realName: string;
  email: string | null;
  level: 0 | 1 | 2;
  roleId: number | null;
  roleName: string | null;
  phone: string | null;
  position: string | null;
  remark: string | null;
  aiSeats: number;
  totalAuthorization: number;
  dialIntervalSeconds: number;
  /** Connected calls a day the dialer allows (0 = no limit). */
  dailyConnectLimit: number;
  /** Talk minutes a day the dialer allows (0 = no limit). */
  dailyMinutesLimit: number;
  expiresAt: string;
  disabled: boolean;
  expired: boolean;
  balanceFen: number;
  createdAt: string;
}
export interface CreateAccountRequest {
  account: string;
  password: string;
  confirm: string;
  realName: string;
  email?: string;
  level: 1 | 2;
  roleId: number;
  phone?: string;
  position?: string;
  remark?: string;
  aiSeats: number;
  totalAuthorization: number;
  dialIntervalSeconds: number;
  /** ISO date (yyyy-MM-dd) or date-time. */
  expiresAt: string;
}
export type UpdateAccountRequest = Partial<Omit<CreateAccountRequest, 'account' | 'password' | 'confirm'>> & {
  disabled?: boolean;
};

// ---- roles ----
export interface RoleDto {
  id: number;
  ownerId: number;
  name: string;
  description: string;
  menus: string[];
}
export interface SaveRoleRequest {
  name: string;
  description?: string;
  menus: string[];
}

// ---- notices ----
export interface NoticeDto {
  id: number;
  accountId: number;
  type: number;
  title: string;
  content: string;
  readAt: string | null;
  createdAt: string;
  /** Platform-made notices: keys of notices:messages (domain/notices.ts) and their params; the
   * browser renders them in the viewer's language. null: title/content are shown as stored. */
  titleKey: string | null;
  bodyKey: string | null;
  params: Record<string, string | number> | null;
}
export interface CreateNoticeRequest {
  accountId: number;
  type: number;
  title: string;
  content: string;
}

// ---- dashboard ----
export interface DashboardSummary {
  balanceFen: number;
  lineCount: number;
}

// ---- health ----
export interface ComponentHealth {
  ok: boolean;
  latencyMs?: number;
  error?: string;
}
export interface MediaNodeHealth {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  lastSeenAt: string;
  ok: boolean;
  freeswitch: { name: string; connected: boolean }[];
}
export interface HealthReport {
  status: 'ok' | 'degraded';
  postgres: ComponentHealth;
  redis: ComponentHealth;
  queues: Record<
    string,
    ComponentHealth & { waiting?: number; active?: number; delayed?: number; failed?: number }
  >;
  mediaNodes: MediaNodeHealth[];
  /**
   * Enabled FreeSWITCH nodes as the media workers last reported them (connected null: no current
   * report). One reported disconnected makes the status 'degraded' (HTTP 200: the server itself is up).
   */
  switches?: { id: number; name: string; connected: boolean | null }[];
}
