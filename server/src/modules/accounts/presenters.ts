import type { AccountDto } from '../../../../domain/api';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const presentAccount = (r: any): AccountDto => ({
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
