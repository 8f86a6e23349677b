// Server reply messages in both languages, chosen by the request's Accept-Language.
export type Lang = 'zh-CN' | 'en';

const zh = {
  ok: '操作成功',
  badRequest: '请求参数有误',
  invalidJson: '请求体不是有效的 JSON',
  payloadTooLarge: '请求内容过大',
  notLoggedIn: '请先登录',
  sessionExpired: '登录已过期，请重新登录',
  sessionRevoked: '登录状态已失效，请重新登录',
  forbidden: '没有该功能的权限',
  notFound: '资源不存在',
  serverError: '服务器内部错误',
  tooManyAttempts: '尝试次数过多，请 {{minutes}} 分钟后再试',
  badCredentials: '账号或密码错误',
  accountExpired: '账号已过期，请联系上级',
  accountDisabled: '账号已停用，请联系上级',
  pledgeRequired: '请阅读并同意信息安全承诺书',
  accountTaken: '账号已存在',
  emailTaken: '邮箱已被使用',
  resetSent: '如果该邮箱已绑定账号，重置链接已发送，请查收邮件',
  resetLinkInvalid: '重置链接无效或已过期',
  passwordReset: '密码已重置，请使用新密码登录',
  wrongPassword: '原密码错误',
  passwordChanged: '密码已修改',
  registered: '注册成功，请登录',
  loggedOut: '已退出登录',
  menuNotHeld: '不能分配自己没有的菜单：{{menus}}',
  roleNotAssignable: '不能分配该角色',
  levelNotAllowed: '不能创建该级别的账号',
  expiryBeyondParent: '到期时间不能晚于上级账号的到期时间',
  seatsBeyondParent: 'AI 坐席数不能超过自己的坐席数',
  cannotChangeSelf: '不能修改自己的这项设置',
  duplicateName: '名称已存在',
  seaClaimLimit: '今日领取已达上限（{{limit}}），今天还可领取 {{remaining}} 个',
  'blacklist.platformOnly': '只有超级管理员可以修改平台黑名单',
  allocateTooMany: '一次最多分配 {{max}} 个客户',
  'validation.invalid': '格式不正确',
  'validation.typeDelete': '请输入 delete 以确认删除',
  'validation.phoneHidden': '加密号码不能修改',
  'validation.quantities': '分配数量之和不能超过所选客户数',
  'validation.required': '必填',
  'validation.account': '账号至少 6 位，只能是字母或数字',
  'validation.password': '密码至少 6 位',
  'validation.confirm': '两次输入的密码不一致',
  'validation.email': '邮箱格式不正确',
  'validation.mobile': '手机号格式不正确',
  'validation.minLength2': '至少 2 个字符',
  'validation.authorization': '总授权数必须大于 AI 坐席数',
  'validation.date': '日期格式不正确',
  'validation.menu': '未知的菜单',
  'mail.resetSubject': '重置您的密码',
  'mail.resetBody':
    '您好 {{name}}，请在 {{minutes}} 分钟内打开下面的链接重置密码（只能使用一次）：\n{{link}}\n如果不是您本人操作，请忽略本邮件。',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  ok: 'Done',
  badRequest: 'Invalid request',
  invalidJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request is too large',
  notLoggedIn: 'Please log in',
  sessionExpired: 'Your session has expired, please log in again',
  sessionRevoked: 'Your session has ended, please log in again',
  forbidden: 'You do not have permission for this function',
  notFound: 'Not found',
  serverError: 'Internal server error',
  tooManyAttempts: 'Too many attempts, try again in {{minutes}} minutes',
  badCredentials: 'Wrong account or password',
  accountExpired: 'This account has expired; contact your superior',
  accountDisabled: 'This account is disabled; contact your superior',
  pledgeRequired: 'Please read and agree to the information security pledge',
  accountTaken: 'This account name is taken',
  emailTaken: 'This e-mail is already in use',
  resetSent: 'If an account uses this e-mail, a reset link has been sent',
  resetLinkInvalid: 'The reset link is invalid or has expired',
  passwordReset: 'Password reset; log in with the new password',
  wrongPassword: 'The current password is wrong',
  passwordChanged: 'Password changed',
  registered: 'Registered; please log in',
  loggedOut: 'Logged out',
  menuNotHeld: 'You cannot grant menus you do not hold: {{menus}}',
  roleNotAssignable: 'You cannot assign this role',
  levelNotAllowed: 'You cannot create an account of this level',
  expiryBeyondParent: 'The expiry cannot be later than your own',
  seatsBeyondParent: 'AI seats cannot exceed your own',
  cannotChangeSelf: 'You cannot change this setting on your own account',
  duplicateName: 'This name is already in use',
  seaClaimLimit: 'Daily claim limit reached ({{limit}}); you can claim {{remaining}} more today',
  'blacklist.platformOnly': 'Only the super administrator can change the platform blacklist',
  allocateTooMany: 'At most {{max}} customers per allocation',
  'validation.invalid': 'Invalid value',
  'validation.typeDelete': 'Type delete to confirm',
  'validation.phoneHidden': 'A hidden number cannot be changed',
  'validation.quantities': 'The quantities add up to more than the selected customers',
  'validation.required': 'Required',
  'validation.account': 'At least 6 characters, letters or digits only',
  'validation.password': 'At least 6 characters',
  'validation.confirm': 'The passwords do not match',
  'validation.email': 'Invalid e-mail address',
  'validation.mobile': 'Invalid mobile number',
  'validation.minLength2': 'At least 2 characters',
  'validation.authorization': 'Total authorization must exceed the AI seat count',
  'validation.date': 'Invalid date',
  'validation.menu': 'Unknown menu',
  'mail.resetSubject': 'Reset your password',
  'mail.resetBody':
    'Hello {{name}}, open this link within {{minutes}} minutes to reset your password (it works once):\n{{link}}\nIf you did not ask for this, ignore this e-mail.',
};

const tables: Record<Lang, Record<MessageKey, string>> = { 'zh-CN': zh, en };

export const isMessageKey = (k: string): k is MessageKey => k in zh;

export function translate(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return tables[lang][key].replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
}

export function langFromHeader(header: string | undefined): Lang {
  return header && /^\s*en\b/i.test(header) ? 'en' : 'zh-CN';
}
