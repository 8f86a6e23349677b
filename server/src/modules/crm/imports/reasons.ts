// The report's reasons, in the importer's language (import_jobs.lang). The report is a CSV file the
// user downloads and opens in a spreadsheet, so its words are written here, not by the client.
// Texts with %s are PostgreSQL format() templates (filled in stage.ts), {n} is filled in Node.

export const IMPORT_LANGS = ['zh-CN', 'en'] as const;
export type ImportLang = (typeof IMPORT_LANGS)[number];

export interface Reasons {
  missing: string;
  invalid: string;
  cannotDecrypt: string;
  noKey: string;
  landline: string;
  service: string;
  /** {n}: the file row it repeats. */
  repeatsRow: string;
  /** %s: the customer's id. */
  uncalled: string;
  /** %s: the customer's id. */
  updated: string;
  /** %s: the customer's id. */
  removed: string;
  platformList: string;
  /** %s: the account name whose call blacklist has the number. */
  accountList: string;
  /** The job's error for a header row without a phone column; {found}, {names}. */
  noPhoneColumn: string;
}

const texts: Record<ImportLang, Reasons> = {
  'zh-CN': {
    missing: '缺少号码',
    invalid: '不是手机号、带区号的固话或 400/800 号码',
    cannotDecrypt: '无法用供应商密钥解密（AES-ECB，Base64）',
    noKey: '不是号码，且未设置供应商密钥，无法解密',
    landline: '固话（只导入手机号）',
    service: '400/800 号码（只导入手机号）',
    repeatsRow: '与第 {n} 行重复',
    uncalled: '已是客户 #%s，尚未拨打',
    updated: '已更新客户 #%s（拨打过）',
    removed: '客户 #%s 符合移除条件',
    platformList: '在平台呼叫黑名单中',
    accountList: '在账号 %s 的呼叫黑名单中',
    noPhoneColumn: '表头中没有号码列（找到的表头：{found}）。请把号码列命名为：{names}',
  },
  en: {
    missing: 'missing phone',
    invalid: 'not a mobile, a fixed line with its area code or a 400/800 number',
    cannotDecrypt: 'cannot decrypt with the supplier key (AES-ECB, base64)',
    noKey: 'not a number, and no supplier key is set to decrypt it',
    landline: 'fixed line (mobiles only)',
    service: '400/800 number (mobiles only)',
    repeatsRow: 'repeats row {n}',
    uncalled: 'already customer #%s, not yet called',
    updated: 'updated customer #%s (called before)',
    removed: 'customer #%s matches the removal condition',
    platformList: 'on the platform call blacklist',
    accountList: 'on the call blacklist of account %s',
    noPhoneColumn:
      'no phone column in the header row (found: {found}). Name the phone column one of: {names}',
  },
};

export const reasonsFor = (lang: string): Reasons =>
  texts[(IMPORT_LANGS as readonly string[]).includes(lang) ? (lang as ImportLang) : 'zh-CN'];
