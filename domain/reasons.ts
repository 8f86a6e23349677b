// Messages the platform writes for people to read later — the reason stored with a call and with
// each robot line (判定原因), transfer and fault notes — kept as a CODE with PARAMETERS, so the
// client renders them in the reader's language (client/src/locales/<lang>/reasons.json, namespace
// `reasons`, built with formatReason and i18next's t). The stored `text` stays the zh-CN rendering
// (exports, older clients, search); a stored reason without a code is an older row: its text is shown
// as it is. Bot content (node, branch, flow and question names, the customer's words) goes in
// parameters unchanged: only the platform's own words are translated.
//
// Shapes:
//  - ReasonMessage { code, params?, more? }: one message; `more` are clauses said after it
//    ("…, entering node X, waiting for a reply"), each rendered and appended (the templates of those
//    clauses begin with their own punctuation: "，进入节点「{{node}}」" / ", entering node “{{node}}”").
//  - A parameter is a string or number (inserted as it is), a list of strings (quoted, e.g. the
//    keywords that matched), a message (rendered in the same language: the why of a fault, an act's
//    name) or a list of messages (rendered and joined).
//  - A stored reason is { kind, code?, params?, more?, text, …ids }.

/** The zh-CN templates: `{{name}}` takes a parameter. The client's zh-CN/reasons.json is the same. */
export const REASON_ZH = {
  // ---- list punctuation (used by lists in parameters) ----
  listSep: '、',
  quotedList: '「{{items}}」',

  // ---- the bot engine (domain/bot/engine.ts) ----
  engineError: '机器人内部错误，挂机',
  maxDuration: '通话达到最长时长{{minutes}}分钟，挂机',
  noMainFlow: '机器人没有主流程，挂机',
  disclosure: '接通，播报AI身份提示',
  startFlow: '接通，开始主流程「{{flow}}」',
  badJump: '；跳转目标不存在或跳转循环，挂机',
  enterNode: '，进入节点「{{node}}」',
  waitReply: '，等待客户回应',
  nextMainFlow: '，进入下一个主流程「{{flow}}」',
  mainFlowEnd: '，主流程结束，挂机',
  jumpFlow: '，跳转到流程「{{flow}}」',
  jumpNowhere: '，跳转到流程',
  toHuman: '，转接人工',
  thenHangup: '，挂机',
  transferFallback: '转接失败（{{why}}），转到兜底流程「{{flow}}」',
  transferFallbackNowhere: '转接失败（{{why}}），转到兜底流程',
  noReturn: '，无法返回主流程，挂机',
  backFromMulti: '，多轮会话结束，回到节点「{{node}}」',
  interrupt: '客户说话超过2个字（{{words}}），打断播放',
  interceptKeywords: '识别到拦截关键词{{keywords}}，挂机',
  interceptVoicemail: '识别为语音信箱，挂机',
  interceptAssistant: '识别为来电助理，挂机',
  branchHit: '节点「{{node}}」分支「{{branch}}」命中{{keywords}}',
  askLlm: '节点「{{node}}」未匹配，询问大模型',
  unanswered: '客户提问（{{topics}}）知识库中没有答案，通用回复后继续',
  branchByAct: '节点「{{node}}」未命中关键词，按客户意图「{{act}}」进入分支「{{branch}}」',
  optOut: '客户要求不再来电（{{sentence}}），加入黑名单',
  callLater: '客户现在不方便，要求稍后联系（{{when}}），设置回电提醒',
  callLaterNoTime: '客户现在不方便，要求稍后联系，设置回电提醒',
  endOptOut: '客户要求不再来电，礼貌结束通话',
  endCallLater: '客户要求稍后联系，礼貌结束通话',
  endDecline: '客户明确拒绝，礼貌结束通话',
  endAskHuman: '客户要求转人工，礼貌结束通话',
  endHostile: '客户态度恶劣，礼貌结束通话',
  endWrongPerson: '非本人或打错电话，礼貌结束通话',
  askHuman: '客户要求转人工',
  askRobot: '客户问是否机器人，如实回答后继续',
  knowledgeHit: '知识库问题「{{question}}」命中{{keywords}}',
  enterMulti: '，进入多轮会话「{{flow}}」',
  noMatch: '节点「{{node}}」未匹配（第{{n}}次）',
  silence: '节点「{{node}}」客户沉默（第{{n}}次）',
  overRepeat: '，超过{{n}}次',
  dtmfKey: '客户按键{{digit}}',
  dtmfGather: '节点「{{node}}」收到按键{{digits}}',
  dtmfBranch: '节点「{{node}}」按键{{digit}}选择分支「{{branch}}」',
  llmAnswer: '节点「{{node}}」由大模型回答',

  // ---- the customer's dialogue acts and question topics (parameters of the above) ----
  act_affirm: '肯定',
  act_deny: '否定',
  act_refuse: '拒绝',
  act_hostile: '辱骂',
  act_busy: '忙/稍后',
  act_askHuman: '转人工',
  act_askRobot: '问是否机器人',
  act_question: '提问',
  act_complaint: '投诉/勿扰',
  act_wrongPerson: '非本人',
  act_silence: '沉默',
  act_assistant: '来电助理',
  act_voicemail: '语音信箱',
  topic_price: '价格',
  topic_rate: '利率',
  topic_time: '时间',
  topic_place: '地点',
  topic_process: '办理',
  topic_trust: '身份',
  topic_other: '其他',

  // ---- the grade (domain/bot/grade.ts): the facts, the rule, the grade ----
  gradeRule: '{{facts}} → 规则「{{rule}}」→ {{grade}}',
  rule_levelSetInCall: '通话中分支或问题设置的客户等级',
  rule_optOut: '要求不再来电',
  rule_hostile: '态度恶劣',
  rule_wrongPerson: '非本人',
  rule_need: '有明确需求',
  rule_active: '积极且有具体行动',
  rule_hesitate: '犹豫观望',
  rule_refuse: '明确拒绝',
  rule_interestedLater: '有兴趣、约回电',
  rule_hesitateLater: '犹豫、稍后再说',
  rule_later: '稍后联系',
  rule_human: '要求转人工',
  rule_positive: '态度积极',
  rule_silent: '未开口',
  rule_unclear: '意向不明',
  rule_hasNeed: '有需求',
  rule_politeRefuse: '婉拒或观望',
  fact_silent: '客户未说话',
  fact_affirm: '肯定{{n}}次',
  fact_refuse: '拒绝{{n}}次',
  fact_need: '表达需求',
  fact_figures: '给出具体信息',
  fact_asked: '询问「{{question}}」',
  fact_topics: '问到{{topics}}',
  fact_callback: '同意回电',
  fact_appointment: '同意预约',
  fact_askedHuman: '要求转人工',
  fact_transferred: '进入转人工',
  fact_hesitate: '犹豫考虑',
  fact_callLater: '要求稍后联系',
  fact_optOut: '要求不再来电',
  fact_hostile: '态度恶劣',
  fact_wrongPerson: '非本人',
  fact_declined: '明确拒绝后结束',
  fact_silences: '沉默{{n}}次',
  fact_seconds: '通话{{n}}秒',

  // ---- the media worker (media/src/calls) ----
  maxDurationForced: '通话达到最长时长{{minutes}}分钟，强制挂机',
  transferredToSeat: '；已转接坐席「{{seat}}」',
  transferFailedFallback: '；转接失败：{{why}}，转到兜底流程',
  transferFailedHangup: '；转接失败：{{why}}，挂机',
  seat_noSeat: '没有空闲坐席',
  seat_timeout: '等待坐席超时',
  seat_badGroup: '坐席组不存在或不属于本账户',
  seat_noService: '转接服务未运行',
  seat_badNumber: '坐席号码无效',
  seat_noPickup: '坐席未能接起通话',
  greetingVoicemail: '语音信箱接听，挂机',
  greetingAssistant: '来电助理接听，挂机',
  beepAfterGreeting: '问候语后检测到留言提示音，判定为语音信箱，挂机',
  beepNoSpeech: '接通后无人说话并检测到留言提示音，判定为语音信箱，挂机',
  longGreeting: '首句连续{{seconds}}秒无停顿，判定为录音应答，挂机',
  platformFault: '平台故障，已挂机，不计费：{{why}}',
  fault_prompt: '提示音无法播放（{{response}}）',
  fault_asr: '语音识别无法启动（{{asr}}）',
  inboundSeatConnected: '来电已接入坐席「{{seat}}」',
  inboundHungUpEarly: '来电在接听前已挂断',
  inboundSeatFailed: '来电转坐席失败：{{why}}，挂机',
  inbound_disabled: '接待场景已停用或其线路已删除，来电未接听',
  inbound_botUnpublished: '接待场景的话术未发布、已停用或已删除，来电未接听',
  inbound_noGroup: '接待场景的坐席组已删除，来电未接听',
  inbound_refused: '接待场景无法接听，来电未接听',

  // ---- calls not placed, line faults, lost calls (domain/calls.ts, fsProbe.ts, lostCall.ts) ----
  notPlaced: '未拨出，号码已退回任务：{{why}}',
  noSwitch: 'FreeSWITCH 节点未连接',
  fault_recognizer: 'FreeSWITCH 节点缺少识别模块 {{module}}',
  fault_codec: '{{line}}的编码 {{codec}} 在 FreeSWITCH 节点上不可用',
  fault_invalidGateway: '{{line}}的网关未在 FreeSWITCH 上加载 (INVALID_GATEWAY)',
  fault_gatewayDown: '{{line}}的网关不可达 (GATEWAY_DOWN)',
  line_id: '线路 {{id}}',
  line_any: '线路',
  lostEndedOnSwitch: '媒体进程中断，通话随后在交换机上结束',
  lostClosedByServer: '媒体进程中断，通话由服务器关闭，通道已挂断',
  lost_vanished: '通道在 FreeSWITCH 节点断开期间消失',
  lost_retryHungUp: '工作进程丢失了通话，重试时挂断了通道',
  lost_channelGone: '工作进程丢失了通话，通道已不存在',
  lost_inbound: '工作进程丢失了来电',
  lineNotFound: 'SIP 线路不存在或已停用',
  botVersionNotFound: '话术版本不存在',
  originateLost: '呼叫结果丢失且没有通道',
  nodeNotBack: 'FreeSWITCH 节点没有恢复',
  callError: '呼叫无法发出：{{error}}',
  inboundError: '来电无法接听：{{error}}',

  // ---- a task's status log (server/src/dialer/taskState.ts moveTask, modules/tasks writeLog) ----
  taskCreated: '创建任务',
  taskCopied: '复制自任务 #{{id}}',
  taskUserStart: '用户启动',
  taskUserPause: '用户暂停',
  taskUserStop: '用户停止',
  taskBulkStart: '批量启动',
  taskBulkPause: '批量暂停',
  taskBatchStart: '在批量任务页启动',
  taskBatchPause: '在批量任务页暂停',
  taskBatchStop: '在批量任务页停止',
  taskFirstSlot: '获得第一个呼叫名额，开始拨打',
  taskWindowOpened: '进入拨打时段',
  taskOutsideHours: '不在拨打时段',
  taskNoNumbersLeft: '号码已全部拨完',
  taskBalanceZero: '余额为 0，欠费暂停',
  taskUnpaid: '通话 {{call}} 的费用未能全额扣除，欠费暂停',
  taskUnpaidSoftphone: '软电话通话 {{call}} 的费用未能全额扣除，欠费暂停',
  taskRecharged: '充值后恢复',
  taskFailureStreak: '连续 {{n}} 次呼叫失败，系统暂停',
  taskFaultPause: '平台故障，任务暂停：{{why}}',
} as const;

export type ReasonCode = keyof typeof REASON_ZH;
export const REASON_CODES = Object.keys(REASON_ZH) as ReasonCode[];

/** A message with its zh-CN text, as `coded` makes it and a store keeps it. */
export type CodedReason = ReasonMessage & { text: string };

/**
 * A stored reason as an API returns it: a code, its parameters and the zh-CN text, or (an older row,
 * written before reasons had codes) the text only.
 */
export interface StoredReason {
  code?: ReasonCode;
  params?: ReasonParams;
  more?: ReasonMessage[];
  text: string;
}

/** A legacy message inside a parameter: only its text. */
export interface ReasonLegacy {
  text: string;
}
// Mutable arrays: a reason lives in redux state, whose drafts are mutable types.
export type ReasonParam = string | number | string[] | ReasonMessage | ReasonMessage[] | ReasonLegacy;
export type ReasonParams = Record<string, ReasonParam>;

export interface ReasonMessage {
  code: ReasonCode;
  params?: ReasonParams;
  /** Clauses said after this one, each with its own leading punctuation. */
  more?: ReasonMessage[];
}

/** i18next's t (namespace `reasons`) or any lookup with the same contract. */
export type Translate = (code: string, params: Record<string, string | number>) => string;

const isMessage = (v: unknown): v is ReasonMessage =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as ReasonMessage).code === 'string';

function param(v: unknown, t: Translate): string | number {
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (Array.isArray(v)) {
    const sep = t('listSep', {});
    if (v.every((x) => typeof x === 'string' || typeof x === 'number'))
      return t('quotedList', { items: v.join(sep) });
    return v.map((x) => param(x, t)).join(sep);
  }
  if (isMessage(v)) return formatReason(v, t);
  if (typeof v === 'object' && v !== null && typeof (v as ReasonLegacy).text === 'string')
    return (v as ReasonLegacy).text;
  return '';
}

/** One message (and its following clauses) in the language of `t`. */
export function formatReason(m: ReasonMessage, t: Translate): string {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.params ?? {})) params[k] = param(v, t);
  let out = t(m.code, params);
  for (const c of m.more ?? []) out += formatReason(c, t);
  return out;
}

/** `{{name}}` filled from params; a missing one becomes empty. */
export function interpolate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k] ?? ''));
}

/** The zh-CN lookup (what `text` is written with). */
export const zhTranslate: Translate = (code, params) =>
  interpolate((REASON_ZH as Record<string, string>)[code] ?? code, params);

/** The zh-CN rendering of a message. */
export const reasonZh = (m: ReasonMessage): string => formatReason(m, zhTranslate);

/** A message with its zh-CN text, ready to store: `{ code, params, text }`. */
export function coded(code: ReasonCode, params?: ReasonParams): CodedReason {
  const m: ReasonMessage = params ? { code, params } : { code };
  return { ...m, text: reasonZh(m) };
}

/**
 * A reason with one more clause said after it (its `more` and `text` grow). A reason without a code
 * (an older or foreign one) keeps its text and stays uncoded.
 */
export function extendReason<R extends { text: string; code?: string; more?: ReasonMessage[] }>(
  r: R,
  code: ReasonCode,
  params?: ReasonParams,
): R {
  const clause: ReasonMessage = params ? { code, params } : { code };
  const text = r.text + reasonZh(clause);
  if (!r.code) return { ...r, text };
  return { ...r, more: [...(r.more ?? []), clause], text };
}

/** The message part of a stored reason (code, params, more), or null for one without a code. */
export function messageOf(r: unknown): ReasonMessage | null {
  if (!isMessage(r)) return null;
  const m: ReasonMessage = { code: r.code };
  if (r.params) m.params = r.params;
  if (r.more?.length) m.more = r.more;
  return m;
}

/**
 * How a stored reason reads in the language of `t`: its code when it has one (and `t` knows it),
 * else its text, else the value itself when it is a string; null when there is nothing to show.
 */
export function renderStoredReason(
  r: unknown,
  t: Translate,
  knows: (code: string) => boolean,
): string | null {
  if (r === null || r === undefined) return null;
  if (typeof r === 'string') return r || null;
  if (typeof r !== 'object') return String(r);
  const m = messageOf(r);
  if (m && knows(m.code) && (m.more ?? []).every((c) => knows(c.code))) return formatReason(m, t);
  const text = (r as { text?: unknown }).text;
  return typeof text === 'string' && text ? text : null;
}
