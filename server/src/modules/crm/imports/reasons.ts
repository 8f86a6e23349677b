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
  /** A phone cell with a control character (NUL…): the row is refused. */
  control: string;
  /** The job's error when the import process went over its memory cap; {mb}. */
  memoryCap: string;
  /** The job's error when the import process went over its time cap; {s}. */
  timeCap: string;
  /** The job's error for a database failure; {code}: the SQLSTATE, for support. */
  dbError: string;
  /** The job's error for any other unexpected failure. */
  internal: string;
  /** The job's error when its process stalled or died and it was not finished; {why}: the queue's words. */
  stalled: string;
  /** File faults (files/sheets/types.ts FileFault): the uploaded file was removed before the import ran. */
  fileGone: string;
  /** {max}: the most data rows a file may have. */
  tooManyRows: string;
  noDataRows: string;
  /** A workbook without a single row. */
  noRows: string;
  /** {detail}: the reader's words. */
  unreadableCsv: string;
  /** {type}: xls / xlsx; {detail}: the reader's words. */
  unreadableWorkbook: string;
  /** An xlsx whose zip is damaged or a zip bomb; {detail}: what is wrong. */
  badZip: string;
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
    control: '号码中含有控制字符（如 NUL），无法识别',
    memoryCap: '导入已停止：超出内存上限（{mb} MB）。文件可能过大或已损坏，请拆分或重新保存后再导入',
    timeCap: '导入已停止：超出时间上限（{s} 秒）。文件可能过大或已损坏，请拆分或重新保存后再导入',
    dbError: '导入失败：数据库出错（代码 {code}），未导入任何数据，请稍后重试',
    internal: '导入失败：服务器内部错误，未导入任何数据，请稍后重试',
    stalled: '导入失败：导入进程中断（{why}），未完成，请重新导入',
    fileGone: '上传的文件已不存在，请重新上传',
    tooManyRows: '文件的数据行超过 {max} 行，请拆分后再导入',
    noDataRows: '文件中没有数据行',
    noRows: '工作簿中没有任何行',
    unreadableCsv: '无法读取 csv 文件：{detail}',
    unreadableWorkbook: '无法读取 {type} 工作簿：{detail}',
    badZip: 'xlsx 文件已损坏或不安全，请重新保存后再导入：{detail}',
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
    control: 'the number contains a control character (such as NUL)',
    memoryCap:
      'the import stopped: it went over its memory limit ({mb} MB). The file may be too large or damaged; split it or save it again and retry',
    timeCap:
      'the import stopped: it went over its time limit ({s} s). The file may be too large or damaged; split it or save it again and retry',
    dbError: 'the import failed: a database error (code {code}); nothing was imported, try again later',
    internal: 'the import failed: an internal error; nothing was imported, try again later',
    stalled: 'import failed: {why}',
    fileGone: 'the uploaded file is no longer available',
    tooManyRows: 'the file has more than {max} data rows',
    noDataRows: 'the file has no data rows',
    noRows: 'the workbook has no rows',
    unreadableCsv: 'the csv cannot be read: {detail}',
    unreadableWorkbook: 'the {type} workbook cannot be read: {detail}',
    badZip: 'the xlsx file is damaged or unsafe: {detail}',
  },
};

/** A text with {name} parameters filled in (a missing one stays as it is). */
export const fillIn = (text: string, params: Record<string, string | number> = {}): string =>
  text.replace(/\{(\w+)\}/g, (all, k: string) => (k in params ? String(params[k]) : all));

export const reasonsFor = (lang: string): Reasons =>
  texts[(IMPORT_LANGS as readonly string[]).includes(lang) ? (lang as ImportLang) : 'zh-CN'];
