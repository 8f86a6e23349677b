// Demo bot: 房贷回访 — 安心银行房贷中心 calls back customers who asked about a mortgage: confirms
// the person, whether the loan is still needed, the amount and first/second home, offers the rate
// and hands the interested ones to a 客户经理 (seat group 1).
//
// Kept in step with the simulator's mortgage personas (media/src/sim/testing.ts): 「张先生」 is said
// only by the opening, 「还有贷款需求」, 「贷款多少钱」 and 「首套房还是二套房」 only by their own
// questions, and the transfer and its fallback keep their words (media and seat tests read them).
import type { BotDefinition } from '../definition';
import {
  bot,
  branch,
  globalHandling,
  goTo,
  hangUp,
  misses,
  nextFlow,
  node,
  question,
  rule,
  saidAny,
  statement,
  transfer,
  when,
} from './build';
import type { Transcript } from './transcript';

const BYE = '好的，不打扰您了，以后有需要随时联系我们，再见。';
const B = 20001; // business question
const G = 10001; // general question
const toBye = goTo('offer', 'bye');
const toQuiet = goTo('offer', 'quiet');
const toHandoff = goTo('offer', 'handoff');

export const mortgageBot: BotDefinition = bot({
  settings: {
    waitSeconds: 6,
    maxCallMinutes: 5,
    ignoreKeywords: ['嗯', '啊', '呃', '那个'],
    defaultRuleSet: 1,
    global: globalHandling({
      askHuman: ['好的，我让客户经理尽快给您回电，请保持电话畅通，再见。'],
      callLater: ['好的，您先忙，我晚点再给您打过来，再见。', '好的，不打扰您了，稍后再联系您，再见。'],
      optOut: ['非常抱歉打扰您了，以后不会再给您打电话，再见。'],
      robot: ['我是安心银行的智能语音助手，需要的话随时帮您转客户经理。'],
      decline: ['好的，不打扰您了，以后有需要随时联系我们，再见。'],
      unknownQuestion: ['这个问题我记下了，稍后请客户经理给您详细解答。'],
      disclosure: '温馨提示，本次通话由智能语音助手为您服务。',
    }),
  },
  flows: [
    {
      id: 'intro',
      name: '开场确认',
      kind: 'main',
      startNodeId: 'open',
      nodes: [
        node(
          'open',
          '开场白',
          [
            '您好，我是安心银行房贷中心的小王，请问是张先生吗？',
            '您好，这里是安心银行房贷中心，请问您是张先生本人吗？',
          ],
          [
            branch(
              'open-yes',
              '是本人',
              'affirm',
              ['是的', '是我', '我就是', '本人', '对的', '没错', '你说', '请讲'],
              goTo('intro', 'need'),
            ),
            branch(
              'open-no',
              '不是本人',
              'deny',
              [
                '不是~5',
                '打错了~5',
                '打错~5',
                '不认识~5',
                '不是本人~5',
                '没这个人~5',
                '不用这个号~5',
                '没咨询过~5',
              ],
              hangUp,
              ['不好意思，打扰您了，祝您生活愉快，再见。'],
              { addLabel: '非本人', setLevel: 26 },
            ),
            branch(
              'open-refuse',
              '不需要',
              'refuse',
              ['不需要~5', '没兴趣~5', '不用了~5', '不要~4', '不用贷~5'],
              goTo('intro', 'keep'),
            ),
          ],
          misses(['不好意思没听清，请问您是张先生本人吗？'], goTo('intro', 'need'), toQuiet),
        ),
        node(
          'need',
          '确认需求',
          ['您之前在我行咨询过房贷，请问现在还有贷款需求吗？', '想跟您确认一下，您现在还有贷款需求吗？'],
          [
            branch(
              'need-yes',
              '有需求',
              'affirm',
              [
                '需要',
                '有需要',
                '有的',
                '想贷',
                '要贷',
                '还要',
                '打算',
                '有兴趣',
                '感兴趣',
                '在看房',
                '要的',
                '是的',
              ],
              nextFlow,
              ['好的，那我简单了解一下您的情况。'],
              { addLabel: '有贷款需求' },
            ),
            branch(
              'need-done',
              '已办理',
              'neutral',
              ['已经贷了~6', '已经办了~6', '办好了~6', '别的银行~6', '其他银行~6', '批下来了~6', '全款~6'],
              goTo('intro', 'keep'),
              ['明白，已经办好了也没关系。'],
              { addLabel: '已在他行办理' },
            ),
            branch(
              'need-no',
              '没需求',
              'deny',
              ['没有~4', '没需求~5', '没有需求~5', '不贷了~5', '暂时没有~5', '不想贷~5'],
              goTo('intro', 'keep'),
            ),
            branch(
              'need-refuse',
              '不需要',
              'refuse',
              ['不需要~5', '不用了~5', '没兴趣~5', '不要~4', '不考虑~5', '不买了~5'],
              goTo('intro', 'keep'),
            ),
            branch(
              'need-later',
              '还在考虑',
              'neutral',
              ['考虑一下', '考虑中', '没想好', '再看看', '看情况', '不着急', '还没定', '不一定', '观望'],
              goTo('intro', 'keep'),
              ['理解，先了解清楚再决定。'],
            ),
          ],
          misses(['请问您现在还有贷款需求吗？'], goTo('intro', 'keep'), toQuiet),
        ),
        node(
          'keep',
          '利率挽留',
          [
            '我行现在首套房利率低至百分之三点五，您要不要先了解一下？',
            '现在利率是近几年最低的，先帮您了解一下额度，好吗？',
          ],
          [
            branch(
              'keep-yes',
              '愿意了解',
              'affirm',
              ['可以', '了解一下', '听听', '好的', '行吧', '说说', '那行', '感兴趣'],
              nextFlow,
              ['好的，那我简单了解一下您的情况。'],
            ),
            branch(
              'keep-later',
              '再考虑',
              'neutral',
              ['考虑一下', '再看看', '看情况', '再说', '发资料', '发我', '短信', '观望', '发短信', '再说吧'],
              goTo('offer', 'sms'),
            ),
            branch(
              'keep-no',
              '不考虑',
              'refuse',
              ['不用了~5', '不需要~5', '不考虑~5', '没兴趣~5', '算了~5', '不了~5'],
              hangUp,
              [BYE],
            ),
          ],
          misses(['请问您要不要先了解一下？'], toBye, toQuiet),
        ),
      ],
    },
    {
      id: 'detail',
      name: '需求了解',
      kind: 'main',
      startNodeId: 'amount',
      nodes: [
        node(
          'amount',
          '贷款金额',
          ['请问您大概需要贷款多少钱呢？', '您这次大概想贷款多少钱？'],
          [
            // An amount alone ("五十万") is an affirmation for the engine: it takes this branch.
            branch(
              'amount-sum',
              '说了金额',
              'affirm',
              ['大概', '左右', '差不多', '上下', '以内', '万元', '多万'],
              goTo('detail', 'usage'),
              ['好的，记下了。'],
            ),
            // Answered the next question first ("首套"): the amount is for the manager to work out.
            branch(
              'amount-type',
              '先说首套二套',
              'affirm',
              ['首套~2', '首套房~2', '第一套~2', '二套~2', '二套房~2', '第二套~2'],
              toHandoff,
              ['好的，额度和利率让客户经理帮您细算。'],
              { setLevel: 21 },
            ),
            branch(
              'amount-unsure',
              '还没确定',
              'deny',
              [
                '不确定',
                '不知道',
                '没想好',
                '还没算',
                '不好说',
                '还没定',
                '商量',
                '不方便说',
                '保密',
                '商量一下',
              ],
              goTo('detail', 'usage'),
              ['没关系，客户经理可以帮您测算。'],
            ),
            branch(
              'amount-no',
              '不贷了',
              'refuse',
              ['不贷了~5', '不需要了~5', '不想贷了~5', '算了~5'],
              hangUp,
              [BYE],
            ),
          ],
          misses(['您大概想贷多少，说个范围就行。'], goTo('detail', 'usage'), toQuiet),
        ),
        node(
          'usage',
          '首套二套',
          ['请问您这次是买首套房还是二套房呢？', '您这次买的是首套房还是二套房？'],
          [
            // A bare yes is no answer to either-or: go on to the rate offer, not to the transfer.
            branch('usage-go', '继续', 'affirm', ['都行', '都可以', '随便', '无所谓'], goTo('offer', 'rate')),
            branch(
              'usage-first',
              '首套',
              'affirm',
              ['首套', '首套房', '第一套', '头一套', '第一次买', '刚需'],
              toHandoff,
              ['好的，首套房利率低至百分之三点五，很划算。'],
              { setLevel: 21 },
            ),
            branch(
              'usage-second',
              '二套',
              'affirm',
              ['二套', '二套房', '第二套', '改善', '换房'],
              toHandoff,
              ['好的，二套房现在也有优惠，经理帮您细算。'],
              { setLevel: 21 },
            ),
            branch(
              'usage-unsure',
              '还没看好房',
              'deny',
              ['还没定~3', '不确定~3', '还没看好~3', '没看好~3', '没想好~3', '不知道~3', '还没买~3'],
              goTo('offer', 'rate'),
              ['没关系，先做个预审，看房更心里有数。'],
            ),
            branch('usage-no', '不买了', 'refuse', ['不买了~5', '不需要了~5', '不贷了~5'], hangUp, [BYE]),
          ],
          misses(['您是第一次买房，还是已经有一套了？'], goTo('offer', 'rate'), toQuiet),
        ),
      ],
    },
    {
      id: 'offer',
      name: '利率方案与转接',
      kind: 'main',
      startNodeId: 'rate',
      nodes: [
        node(
          'rate',
          '利率方案',
          [
            '我行首套利率低至百分之三点五，让客户经理帮您算算月供，好吗？',
            '客户经理可以帮您免费测算额度和月供，现在帮您转过去，好吗？',
          ],
          [
            branch(
              'rate-yes',
              '同意转接',
              'affirm',
              ['可以', '好的', '算一下', '麻烦你', '没问题', '那行', '行吧', '转吧'],
              toHandoff,
              [],
              { setLevel: 21 },
            ),
            branch(
              'rate-later',
              '先发资料',
              'neutral',
              ['考虑一下', '再看看', '发短信', '短信', '发给我', '再说', '再说吧'],
              goTo('offer', 'sms'),
            ),
            branch(
              'rate-no',
              '不需要',
              'refuse',
              ['不用了~5', '不需要~5', '没兴趣~5', '算了~5', '不用~4'],
              hangUp,
              [BYE],
            ),
          ],
          misses(['需要客户经理帮您算一下月供吗？'], goTo('offer', 'sms'), toQuiet),
        ),
        statement(
          'handoff',
          '转接经理',
          '好的，我现在为您转接专属客户经理，请稍等。',
          transfer(1, { flowId: 'offer', nodeId: 'busy' }),
        ),
        // Where the bot goes on when no manager takes the transfer.
        statement('busy', '经理忙', '抱歉，客户经理正在忙，稍后会有专人给您回电，再见。', hangUp),
        node(
          'sms',
          '短信方案',
          ['那我把利率方案和材料清单发到您手机，您有空看看，好吗？'],
          [
            branch(
              'sms-yes',
              '同意发短信',
              'affirm',
              ['好的', '可以', '发吧', '行吧', '发过来', '没问题'],
              hangUp,
              ['好的，短信稍后发到，有问题随时回电，再见。'],
              { smsTemplateId: 1, addLabel: '已发短信' },
            ),
            branch('sms-no', '不用发', 'refuse', ['不用了~5', '不需要~5', '别发~5'], hangUp, [BYE]),
          ],
          misses(['需要我把利率方案发到您手机上吗？'], toBye, toQuiet),
        ),
        statement('bye', '结束语', BYE, hangUp),
        statement('quiet', '无应答结束', '您那边可能不方便，我们改天再联系您，再见。', hangUp),
      ],
    },
    {
      id: 'repay',
      name: '还款方式多轮',
      kind: 'multi',
      startNodeId: 'repay-kind',
      nodes: [
        node(
          'repay-kind',
          '还款方式',
          ['有等额本息和等额本金两种，您更看重月供低，还是总利息少？'],
          [
            branch('repay-low', '月供低', 'neutral', ['月供低', '每月少', '压力小', '月供'], nextFlow, [
              '那等额本息更适合您，每个月还得一样多。',
            ]),
            branch('repay-less', '利息少', 'neutral', ['利息少', '总利息', '省钱', '利息'], nextFlow, [
              '那等额本金更适合，前期多还点，总利息更少。',
            ]),
          ],
          misses(['您更看重每月月供低，还是总利息少？'], nextFlow, nextFlow),
        ),
      ],
    },
  ],
  // Order matters: the first question whose keywords match answers, so the objections come
  // before the plain questions they contain (利率太高 before 利率, 多少年 before 能贷多少).
  knowledge: [
    question(
      'q-scam',
      '是不是骗子',
      G,
      ['骗子', '诈骗', '骗人', '不放心', '靠谱吗', '正规吗', '真的假的'],
      ['我们是安心银行正规房贷中心，您可以打官方客服核实。'],
      { highPriority: true, playWithMainFlow: true },
    ),
    question(
      'q-phone',
      '怎么有我电话',
      G,
      ['怎么有我电话', '我的电话', '我的号码', '号码哪来', '怎么知道我', '谁给你的'],
      ['您之前在我行咨询过房贷，留了这个号码，所以回访您。'],
      { highPriority: true, playWithMainFlow: true },
    ),
    question(
      'q-rate-high',
      '利率太高',
      B,
      ['利率太高', '利息太高', '太贵了', '太高了', '不划算', '别家更低', '别的银行更低'],
      ['我行已经是优惠利率了，资质好的话还能再申请下浮。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-done',
      '已经办了',
      B,
      ['已经办了', '已经贷了', '办好了', '别的银行', '其他银行', '已经有了'],
      ['没关系，以后二套或者利率调整有需要，也可以找我们。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-think',
      '考虑一下',
      G,
      ['考虑一下', '考虑考虑', '想一想', '再说吧', '商量一下', '跟家人商量'],
      ['好的，您可以先了解清楚，不办也没关系。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-compare',
      '和别家比',
      B,
      ['优势', '有什么好处', '比别家', '区别', '为什么选', '和别的银行比'],
      ['我行审批快、利率优惠，还有专属客户经理全程跟进。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-wait',
      '利率还会降吗',
      B,
      ['还会降', '会不会降', '再等等', '等降息', '还能降'],
      ['利率已经在低位了，早办早锁定，额度和房价也可能变。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-rate',
      '利率多少',
      B,
      ['利率', '利息', '几个点', '利率多少', '年化', '多少利息'],
      ['目前首套房贷利率低至百分之三点五，具体以审批为准。', '首套低至百分之三点五，二套会稍高一点。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-lpr',
      '利率会不会变',
      B,
      ['lpr', '浮动', '固定利率', '利率会变', '会不会涨', '利率调整'],
      ['房贷利率跟着LPR浮动，每年调整一次，近几年一直在降。'],
      { playWithMainFlow: true },
    ),
    question('q-repay', '还款方式', B, ['还款方式', '等额本息', '等额本金', '怎么还款', '怎么还'], [], {
      answerMode: 'multi',
      jump: { action: 3, flowId: 'repay' },
      playWithMainFlow: true,
    }),
    question(
      'q-years',
      '贷款年限',
      B,
      ['多少年', '年限', '贷几年', '最长', '三十年', '二十年'],
      ['最长可以贷三十年，年龄加贷款年限一般不超过七十岁。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-down',
      '首付比例',
      B,
      ['首付', '首付比例', '付多少', '几成'],
      ['首套首付最低百分之十五，二套最低百分之二十五。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-quota',
      '能贷多少',
      B,
      ['能贷多少', '额度', '最多能贷', '贷款额度', '贷得下来'],
      ['额度看房价、收入和征信，首套最高能贷房价的八成五。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-monthly',
      '月供多少',
      B,
      ['月供', '每个月还', '每月还多少', '月供多少'],
      ['比如贷一百万三十年，月供大概四千五，经理可以帮您精算。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-docs',
      '需要材料',
      B,
      ['材料', '资料', '要带什么', '准备什么', '证件', '需要什么'],
      ['一般要身份证、户口本、收入证明、银行流水和购房合同。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-speed',
      '审批放款时间',
      B,
      ['多久', '多长时间', '放款', '审批', '几天', '什么时候批'],
      ['材料齐的话审批三到五个工作日，放款看抵押进度。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-credit',
      '征信要求',
      B,
      ['征信', '逾期', '信用', '黑名单', '信用卡逾期'],
      ['有轻微逾期也可以先评估，客户经理会帮您看征信。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-income',
      '收入要求',
      B,
      ['收入', '工资', '流水', '自由职业', '个体户', '月收入'],
      ['月收入一般要覆盖月供的两倍，个体户可以用经营流水。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-fund',
      '公积金',
      B,
      ['公积金', '组合贷', '公积金贷款'],
      ['公积金贷款和组合贷都能办，利率更低，经理帮您算。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-prepay',
      '提前还款',
      B,
      ['提前还款', '提前还', '违约金', '一次还清'],
      ['满一年提前还款不收违约金，提前预约就行。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-fee',
      '手续费',
      B,
      ['手续费', '服务费', '额外费用', '中介费', '收不收费'],
      ['我行办房贷不收服务费，评估和抵押按规定收取。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-age',
      '年龄限制',
      B,
      ['年龄', '岁数', '多大年纪', '退休'],
      ['借款人一般十八到六十五岁，年龄加年限不超过七十岁。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-house',
      '新房二手房',
      B,
      ['二手房', '新房', '期房', '现房', '二手'],
      ['新房、二手房都能贷，二手房需要做一次房屋评估。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-couple',
      '共同借款',
      B,
      ['夫妻', '配偶', '共同借款', '老婆', '老公', '离婚'],
      ['夫妻共同购房一般双方到场签字，单身的提供单身证明。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-online',
      '线上办理',
      B,
      ['线上', '手机上办', '网上办', '不用跑', '上门'],
      ['可以先线上预审，签约时到网点一次就行。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-branch',
      '网点地址',
      G,
      ['网点', '地址', '在哪里办理', '去哪里办', '哪个支行', '营业厅'],
      ['全市网点都能办，客户经理也可以上门服务。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-sms',
      '发资料',
      G,
      ['发短信', '发给我', '短信', '发个资料', '加微信', '微信'],
      ['可以的，稍后把利率方案和材料清单短信发给您。'],
      { playWithMainFlow: true, smsTemplateId: 1 },
    ),
    question(
      'q-contact',
      '怎么联系',
      G,
      ['联系方式', '电话多少', '怎么联系', '客服电话'],
      ['客户经理会用工作电话联系您，也可以打我行官方客服。'],
      { playWithMainFlow: true },
    ),
    question(
      'q-privacy',
      '信息安全',
      G,
      ['信息安全', '泄露', '隐私', '个人信息'],
      ['您的信息我行严格保密，只用于房贷办理。'],
      { playWithMainFlow: true },
    ),
    question('q-hear', '听不清', G, ['听不清', '听不见', '信号不好', '大声点'], ['不好意思，我大声一点。'], {
      playWithMainFlow: true,
    }),
    // The media tests expect this exact answer to 「哪里打来的电话」.
    question(
      'q-who',
      '你是谁',
      G,
      ['你是谁', '哪里', '哪位', '什么公司', '哪个银行', '干什么的', '什么事'],
      ['我是安心银行房贷中心的客服。', '我是安心银行房贷中心的客服，回访您的房贷需求。'],
      { playWithMainFlow: true },
    ),
  ],
  intentLabels: ['有贷款需求', '已在他行办理', '已发短信', '非本人'],
  intentRules: [
    // Already has a loan elsewhere and agreed to nothing beyond saying who they are.
    rule(
      'm-done',
      '已在他行办理',
      26,
      [
        saidAny(5006, ['已经贷了', '已经办了', '办好了', '别的银行', '其他银行', '批下来了']),
        when(5002, 2, 1),
      ],
      '已在他行办理',
    ),
  ],
  hotWords: ['房贷', '利率', '首套房', '二套房', '公积金', '等额本息', '等额本金', '月供', '客户经理'],
  interceptKeywords: ['留言', '语音信箱', '智能助理', '来电助理', '机主', '无法接听', '提示音后'],
});

// Scripted conversations (test vectors, and examples in the UI). Expectations marked NEW depend on
// the engine being rewritten (dialogue acts, global handling, sales-manager default rules); those
// not marked hold on both engines: they end on a keyword branch and a level the bot itself sets.
export const mortgageTranscripts: Transcript[] = [
  {
    // The simulator's mortgage-yes persona says exactly these (media tests compare with this run).
    name: '本人有需求，一路确认后转客户经理',
    turns: ['是的我是', '有需要', '大概五十万', '首套'],
    expected: { level: 21, ended: true, lastAction: 'transfer' },
  },
  {
    name: '问材料和年限，二套房转接',
    turns: ['是的', '需要', '要准备什么材料', '一百万左右', '最长能贷多少年', '二套'],
    expected: { level: 21, ended: true, lastAction: 'transfer' },
  },
  {
    name: '还没看好房，同意经理测算',
    turns: ['是我', '有的', '三十万左右', '还没看好房子', '可以，麻烦你'],
    expected: { level: 21, ended: true, lastAction: 'transfer' },
  },
  {
    // NEW: 转人工 is global (the transfer node); a need and a rate question grade A.
    name: '问利率后要求转人工',
    turns: ['是我', '有需要', '利率多少', '你直接给我转人工吧'],
    expected: { level: 21, ended: true, lastAction: 'transfer' },
  },
  {
    name: '打错电话',
    turns: ['不是，你打错了'],
    expected: { level: 26, ended: true, lastAction: 'hangup' },
  },
  {
    name: '已在他行办理，不考虑',
    turns: ['是我', '已经在别的银行办了', '不用了'],
    expected: { level: 26, ended: true, lastAction: 'hangup' },
  },
  {
    // NEW: hesitant, only takes the rate plan by SMS: C (the old strict rules say B).
    name: '考虑一下，同意发短信',
    turns: ['是我', '还没想好，考虑一下', '再看看吧', '可以，发吧'],
    expected: { level: 23, ended: true, lastAction: 'hangup' },
  },
  {
    // NEW: a polite refusal after the trust question is F (the old strict rules say C).
    name: '问是不是骗子后礼貌拒绝',
    turns: ['你们是不是骗子', '是我', '不需要', '不用了'],
    expected: { level: 26, ended: true, lastAction: 'hangup' },
  },
  {
    // NEW: 别再打了 is global opt-out: apology, end, F, blacklist.
    name: '要求别再打电话',
    turns: ['你们烦不烦，别再给我打了'],
    expected: { level: 26, ended: true, lastAction: 'hangup' },
  },
  {
    name: '语音信箱拦截',
    turns: ['您拨打的用户暂时无法接听，请在提示音后留言'],
    expected: { level: 24, ended: true, lastAction: 'hangup', result: 70 },
  },
];
