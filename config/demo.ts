// The demo logins the seeds create and the start command prints: one per level.
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { account: 'superadmin', level: 0, realName: '超级管理员', email: 'superadmin@callplat.local' },
  { account: 'merchant01', level: 2, realName: '演示商户', email: 'merchant01@callplat.local' },
  { account: 'operator01', level: 1, realName: '演示用户', email: 'operator01@callplat.local' },
] as const;
