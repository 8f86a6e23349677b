// Enumerations from SPEC §4 used across client, server and media. Values are exact.

/** Account levels (SPEC §6). Note: merchant is 2, ordinary user is 1. */
export const AccountLevel = { SuperAdmin: 0, User: 1, Merchant: 2 } as const;
export type AccountLevel = (typeof AccountLevel)[keyof typeof AccountLevel];
export const ACCOUNT_LEVELS: readonly AccountLevel[] = [0, 1, 2];

/** Notice message types (SPEC §4). */
export const NoticeType = {
  SmsAudit: 0,
  VoiceApproved: 1,
  NewCustomer: 60,
  Recharge: 98,
  LowBalance: 99,
  System: 100,
} as const;
export type NoticeType = (typeof NoticeType)[keyof typeof NoticeType];
export const NOTICE_TYPES: readonly NoticeType[] = [0, 1, 60, 98, 99, 100];
/** Types only the platform itself sends (recharge, low balance, system): never through the API. */
export const SYSTEM_NOTICE_TYPES: readonly NoticeType[] = [98, 99, 100];

/** Gender (SPEC §4). */
export const Gender = { Male: 0, Female: 1 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
