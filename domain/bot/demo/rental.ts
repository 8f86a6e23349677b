// Demo bot: 房屋出租 — an agency calls landlords to confirm a listing and book a photo visit.
import type { BotDefinition } from '../definition';
import { bot, branch, goTo, hangUp, nextFlow, node, question, rule, saidAny, when } from './build';
import type { Transcript } from './transcript';

const BYE = '好的，祝您生活愉快，再见。';

export const rentalBot: BotDefinition = bot({
  settings: { waitSeconds: 5, maxCallMinutes: 5, ignoreKeywords: ['嗯', '啊', '哦'], defaultRuleSet: 1 },
  flows: [
    {
      id: 'confirm',
      name: '房源确认',
      kind: 'main',
      startNodeId: 'hello',
      nodes: [
        node(
          'hello',
          '开场白',
          ['您好，这里是安居房产，您在我们平台登记过出租房源，请问房子还在出租吗？'],
          [
            branch(
              'hello-yes',
              '还在出租',
              'affirm',
              ['在', '还在', '没租出去', '是的'],
              goTo('confirm', 'layout'),
            ),
            branch('hello-gone', '已出租', 'deny', ['租出去了~5', '已经租了~5', '不租了~5'], hangUp, [BYE]),
            branch('hello-refuse', '拒绝', 'refuse', ['不需要~6', '别打~6', '骚扰~6'], hangUp, [BYE]),
          ],
        ),
        node(
          'layout',
          '户型租金',
          ['请问房子是几室几厅，月租金大概多少？'],
          [branch('layout-ok', '说了户型', 'affirm', ['室', '厅', '块', '元'], goTo('confirm', 'press'))],
        ),
        node(
          'press',
          '按键确认上门',
          ['如需我们的经纪人上门拍照，请按1；暂不需要请按2。'],
          [
            branch('press-yes', '需要上门', 'affirm', [], nextFlow, [], { dtmf: '1' }),
            branch('press-no', '暂不需要', 'deny', [], hangUp, ['好的，有需要随时联系我们，再见。'], {
              dtmf: '2',
            }),
          ],
          { type: 'ivr', interruptible: false },
        ),
        node('bye', '结束语', ['好的，我们会保护好您的信息，有需要再联系，再见。'], [], { next: hangUp }),
      ],
    },
    {
      id: 'visit',
      name: '预约上门',
      kind: 'main',
      startNodeId: 'when',
      nodes: [
        node(
          'when',
          '预约时间',
          ['请问您哪天方便经纪人上门看房？'],
          [
            branch(
              'when-ok',
              '给了时间',
              'affirm',
              ['周', '号', '明天', '后天', '今天', '上午', '下午'],
              goTo('visit', 'door'),
            ),
            branch('when-no', '不方便', 'deny', ['最近没空~5', '不方便~5'], hangUp, [
              '那您方便时再联系我们，再见。',
            ]),
          ],
        ),
        node('door', '门牌号', ['为确认预约，请在键盘上输入房屋门牌号的后四位。'], [], {
          type: 'gather',
          gatherDigits: 4,
          next: goTo('visit', 'done'),
        }),
        node('done', '预约成功', ['好的，已为您预约成功，经纪人会提前联系您，再见！'], [], { next: hangUp }),
      ],
    },
    {
      id: 'fee',
      name: '服务费多轮',
      kind: 'multi',
      startNodeId: 'fee-ok',
      nodes: [
        node(
          'fee-ok',
          '服务费接受度',
          ['我们的服务费是半个月租金，由租客承担，您看可以吗？'],
          [
            branch('fee-yes', '可以', 'affirm', ['可以', '行', '没问题'], nextFlow, ['好的。']),
            branch('fee-no', '不接受', 'refuse', ['不行~5', '太贵~5', '不接受~5'], nextFlow, [
              '我们可以帮您申请优惠。',
            ]),
          ],
        ),
      ],
    },
  ],
  knowledge: [
    question('r-fee', '服务费', 20001, ['服务费', '中介费', '佣金'], [], {
      answerMode: 'multi',
      jump: { action: 3, flowId: 'fee' },
    }),
    question(
      'r-time',
      '多久能租出去',
      20001,
      ['多久', '多长时间', '什么时候能租'],
      ['一般两周内就能租出去。'],
    ),
    question('r-shop', '门店地址', 10001, ['地址', '在哪', '门店'], ['我们门店在建设路一百号。']),
    question('r-who', '你是谁', 10001, ['你是谁', '哪家', '什么公司'], ['我是安居房产的客服。'], {
      playWithMainFlow: true,
    }),
    question('r-safe', '合同押金', 20001, ['安全', '押金', '合同'], ['我们签正规合同，押金由平台监管。']),
    question(
      'r-phone',
      '号码来源',
      10001,
      ['怎么知道', '我的电话', '号码哪来'],
      ['您在我们平台登记过房源。'],
      {
        answerMode: 'jump',
        highPriority: true,
        jump: { action: 3, flowId: 'confirm', nodeId: 'bye' },
      },
    ),
    question(
      'r-robot',
      '是不是机器人',
      10001,
      ['机器人', '真人'],
      ['我是智能客服，稍后经纪人会亲自联系您。'],
      {
        ignoreSilence: true,
      },
    ),
  ],
  intentLabels: ['已预约上门', '关注费用', '已出租'],
  intentRules: [
    rule('h-a', '已预约上门', 21, [when(5007, 1, 1), when(5002, 1, 3)], '已预约上门'),
    rule('h-b', '关注费用', 22, [{ item: 5001, keywords: ['服务费'], matchCount: 1 }], '关注费用'),
    rule('h-f', '拒绝', 26, [when(5003, 1, 1)]),
    rule('h-d', '已出租', 24, [saidAny(5006, ['租出去了', '已经租了'])], '已出租'),
  ],
  hotWords: ['安居房产', '出租', '经纪人', '门牌号'],
  interceptKeywords: ['留言', '语音信箱', '智能助理', '机主', '无法接听'],
});

export const rentalTranscripts: Transcript[] = [
  {
    name: '房源在租，按键并预约上门',
    turns: [
      '还在的',
      '两室一厅，三千五一个月',
      { dtmf: '1' },
      '明天下午',
      { dtmf: '1' },
      { dtmf: '2' },
      { dtmf: '0' },
      { dtmf: '8' },
    ],
    expected: { level: 21, ended: true, lastAction: 'hangup' },
  },
  {
    name: '已经租出去了',
    turns: ['已经租出去了'],
    expected: { level: 24, ended: true, lastAction: 'hangup' },
  },
  {
    name: '问服务费嫌贵',
    turns: ['还在', '中介费怎么收', '太贵了不接受'],
    expected: { level: 22, ended: false, lastAction: 'listen' },
  },
  {
    name: '问号码来源跳到结束语',
    turns: ['你们怎么知道我的电话'],
    expected: { level: 24, ended: true, lastAction: 'hangup' },
  },
  {
    name: '智能助理拦截',
    turns: ['对方已开启智能助理，请留言'],
    expected: { level: 24, ended: true, lastAction: 'hangup', result: 70 },
  },
  {
    name: '按键错误超过次数',
    turns: ['还在', '三室两厅', { dtmf: '9' }, { dtmf: '9' }, { dtmf: '9' }],
    expected: { level: 23, ended: true, lastAction: 'hangup' },
  },
  {
    name: '问机器人后沉默不计数',
    turns: ['你是机器人吗', { silence: true }, { silence: true }, { silence: true }],
    expected: { level: 24, ended: false, lastAction: 'listen' },
  },
];
