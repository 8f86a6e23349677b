// Demo bot: 课程销售 — an education company invites leads to a free trial class.
import type { BotDefinition } from '../definition';
import { bot, branch, goTo, hangUp, nextFlow, node, question, rule, saidAny, when } from './build';
import type { Transcript } from './transcript';

const BYE = '好的，那就不打扰您了，祝您生活愉快，再见。';

export const courseBot: BotDefinition = bot({
  settings: { waitSeconds: 5, maxCallMinutes: 4, ignoreKeywords: ['嗯', '啊', '那个'], defaultRuleSet: 2 },
  flows: [
    {
      id: 'open',
      name: '开场',
      kind: 'main',
      startNodeId: 'hello',
      nodes: [
        node(
          'hello',
          '开场白',
          ['您好，我是启航教育的课程顾问，您之前在我们网站领取过试听课，现在方便聊两分钟吗？'],
          [
            branch('hello-ok', '方便', 'affirm', ['方便', '可以', '好的', '你说'], goTo('open', 'who')),
            branch('hello-busy', '不方便', 'deny', ['不方便~5', '在忙', '开会', '开车'], hangUp, [
              '那我晚点再联系您，再见。',
            ]),
            branch('hello-refuse', '拒绝', 'refuse', ['不需要', '没兴趣', '别打了'], goTo('open', 'keep')),
          ],
        ),
        node(
          'who',
          '了解学员',
          ['请问是您自己学习，还是给孩子报课呢？', '想确认一下，是您本人学还是给孩子学呢？'],
          [
            branch('who-self', '自己学', 'affirm', ['自己', '我学', '本人'], nextFlow),
            branch('who-child', '孩子学', 'affirm', ['孩子', '小孩', '儿子', '女儿'], nextFlow),
          ],
        ),
        node(
          'keep',
          '挽留',
          ['我们现在的试听课完全免费，不收任何费用，您可以先体验一下？'],
          [
            branch('keep-ok', '愿意体验', 'affirm', ['可以', '试试', '好吧'], nextFlow),
            branch('keep-no', '坚持拒绝', 'refuse', ['不用', '不要', '没兴趣'], hangUp, [BYE]),
          ],
        ),
      ],
    },
    {
      id: 'invite',
      name: '邀约试听',
      kind: 'main',
      startNodeId: 'trial',
      nodes: [
        node(
          'trial',
          '邀约试听',
          ['本周六上午十点有一节免费试听课，您能来参加吗？'],
          [
            branch('trial-yes', '能来', 'affirm', ['能', '可以', '有空', '参加'], goTo('invite', 'sms'), [], {
              smsTemplateId: 3,
              addLabel: '已约试听',
            }),
            branch(
              'trial-no',
              '时间不行',
              'deny',
              ['没空~5', '不行~5', '来不了~5', '不能~5'],
              goTo('invite', 'resched'),
            ),
          ],
        ),
        node(
          'resched',
          '改约时间',
          ['那您看下周什么时候方便呢？我帮您预约。'],
          [
            branch(
              'resched-ok',
              '约了时间',
              'affirm',
              ['周', '上午', '下午', '晚上', '号'],
              goTo('invite', 'sms'),
              [],
              {
                smsTemplateId: 3,
                addLabel: '已约试听',
              },
            ),
            branch('resched-no', '不约', 'refuse', ['算了~5', '不用了~5'], hangUp, [BYE]),
          ],
        ),
        node('sms', '短信确认', ['好的，稍后我把上课地址和时间用短信发给您，请注意查收，再见！'], [], {
          next: hangUp,
        }),
      ],
    },
    {
      id: 'price',
      name: '价格多轮',
      kind: 'multi',
      startNodeId: 'price-ok',
      nodes: [
        node(
          'price-ok',
          '价格接受度',
          ['我们的课程按学期收费，现在报名有八折优惠，您觉得价格能接受吗？'],
          [
            branch('price-yes', '能接受', 'affirm', ['能接受', '可以', '还行'], nextFlow, ['太好了。']),
            branch('price-high', '嫌贵', 'deny', ['贵', '太高', '便宜点'], nextFlow, [
              '我们支持分期付款，每月只需几百元。',
            ]),
          ],
        ),
      ],
    },
  ],
  knowledge: [
    question(
      'k-price',
      '学费多少',
      20001,
      ['多少钱', '价格', '学费', '收费'],
      ['学费按学期算，我详细和您说一下。'],
      {
        answerMode: 'multi',
        jump: { action: 3, flowId: 'price' },
      },
    ),
    question(
      'k-mode',
      '上课方式',
      20001,
      ['线上', '线下', '网课', '怎么上课'],
      ['我们线上线下都有，线上课可以看回放。'],
    ),
    question(
      'k-where',
      '上课地址',
      20001,
      ['地址', '在哪', '哪里上课'],
      ['我们在人民路八十八号，地铁站出口就到。'],
    ),
    question('k-teacher', '师资', 10001, ['老师', '师资'], ['我们的老师都有五年以上的教学经验。']),
    question('k-refund', '退费', 20001, ['退费', '退款', '不满意'], ['开课七天内不满意可以全额退款。']),
    question(
      'k-phone',
      '号码来源',
      10001,
      ['怎么知道', '号码哪来', '个人信息'],
      ['您之前在我们官网留过电话，如果不想接到来电我们马上登记。'],
      {
        highPriority: true,
      },
    ),
    question(
      'k-robot',
      '是不是机器人',
      10001,
      ['机器人', '真人'],
      ['我是智能顾问，您有问题也可以找真人老师。'],
      {
        ignoreSilence: true,
      },
    ),
  ],
  intentLabels: ['已约试听', '关注价格', '需再跟进'],
  intentRules: [
    rule('c-a', '已约试听', 21, [when(5002, 1, 2), when(5007, 1, 1), when(5003, 2, 0)], '已约试听'),
    rule('c-b', '关注价格', 22, [when(5001, 1, 1), when(5002, 1, 1)], '关注价格'),
    rule('c-f', '明确拒绝', 26, [when(5003, 1, 2)]),
    rule('c-e', '需再跟进', 25, [saidAny(5009, ['再说', '考虑', '以后'])], '需再跟进'),
  ],
  hotWords: ['试听课', '启航教育', '学费', '分期付款'],
  interceptKeywords: ['留言', '语音信箱', '智能助理', '机主', '无法接听'],
});

export const courseTranscripts: Transcript[] = [
  {
    name: '给孩子报名并约好试听',
    turns: ['可以你说', '给孩子报', '能参加'],
    expected: { level: 21, ended: true, lastAction: 'hangup' },
  },
  {
    name: '问价格嫌贵后改约',
    turns: ['方便', '学费多少钱', '有点贵', '我自己学', '周六不行', '下周六上午吧'],
    expected: { level: 21, ended: true, lastAction: 'hangup' },
  },
  {
    name: '两次拒绝',
    turns: ['没兴趣', '不要'],
    expected: { level: 26, ended: true, lastAction: 'hangup' },
  },
  {
    name: '在开会',
    turns: ['在开会'],
    expected: { level: 24, ended: true, lastAction: 'hangup' },
  },
  {
    name: '高优先级问号码来源后沉默',
    turns: ['你们怎么知道我电话的', { silence: true }, { silence: true }, { silence: true }],
    expected: { level: 24, ended: true, lastAction: 'hangup' },
  },
  {
    name: '打断开场白问地址',
    turns: [{ partial: '等一下我问问' }, '等一下我问问你们在哪里上课'],
    expected: { level: 24, ended: false, lastAction: 'listen' },
  },
  {
    name: '问价格后说再考虑',
    turns: ['好的', '价格怎么样', '还行吧', '以后再说吧'],
    expected: { level: 22, ended: false, lastAction: 'listen' },
  },
];
