import type { AccountDto } from '../../../../domain/api';

/** The accounts columns an account is shown from (accounts/repo.ts listColumns), with its role's name. */
export interface AccountRow {
  id: string;
  parent_id: string | null;
  account: string;
  real_name: string;
  email: string | null;
  level: 0 | 1 | 2;
  role_id: string | null;
  role_name: string | null;
  phone: string | null;
  position: string | null;
  remark: string | null;
  ai_seats: number;
  total_authorization: number;
  dial_interval_seconds: number;
  daily_connect_limit: number;
  daily_minutes_limit: number;
  expires_at: Date;
  disabled: boolean;
  balance_fen: string;
  created_at: Date;
}

export const presentAccount = (r: AccountRow): AccountDto => ({
  id: Number(r.id),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  account: r.account,
  realName: r.real_name,
  email: r.email,
  level: r.level,
  roleId: r.role_id === null ? null : Number(r.role_id),
  roleName: r.role_name ?? null,
  phone: r.phone,
  position: r.position,
  remark: r.remark,
  aiSeats: r.ai_seats,
  totalAuthorization: r.total_authorization,
  dialIntervalSeconds: r.dial_interval_seconds,
  dailyConnectLimit: r.daily_connect_limit ?? 0,
  dailyMinutesLimit: r.daily_minutes_limit ?? 0,
  expiresAt: new Date(r.expires_at).toISOString(),
  disabled: r.disabled,
  expired: new Date(r.expires_at).getTime() <= Date.now(),
  balanceFen: Number(r.balance_fen),
  createdAt: new Date(r.created_at).toISOString(),
});
