// Demo bot: 房贷回访 — a bank follows up customers who asked about a mortgage.
import type { BotDefinition } from '../definition';
import { bot, branch, goTo, hangUp, nextFlow, node, question, rule, saidAny, transfer, when } from './build';
import type { Transcript } from './transcript';

const BYE = '好的，不打扰您了，祝您生活愉快，再见。';

export const mortgageBot: BotDefinition = bot({
  settings: { waitSeconds: 6, maxCallMinutes: 5, ignoreKeywords: ['嗯', '啊', '呃'], defaultRuleSet: 1 },
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
            '您好，我是安心银行房贷中心的客服小王，请问是张先生吗？',
            '您好，这里是安心银行房贷中心，请问是张先生本人吗？',
          ],
          [
            branch('open-yes', '是本人', 'affirm', ['是', '对', '我就是', '本人'], goTo('intro', 'need')),
            branch('open-no', '不是本人', 'deny', ['不是~5', '打错~5'], hangUp, [
              '不好意思，打扰您了，再见。',
            ]),
            branch('open-refuse', '拒绝', 'refuse', ['没空~6', '不需要~6', '别打~6'], hangUp, [BYE]),
          ],
        ),
        node(
          'need',
          '确认需求',
          ['您之前在我行咨询过房贷，请问现在还有贷款需求吗？'],
          [
            branch('need-yes', '有需求', 'affirm', ['需要', '想贷', '还要', '有的', '有啊'], nextFlow, [
              '好的，那我简单了解一下您的情况。',
            ]),
            branch(
              'need-no',
              '没需求',
              'deny',
              ['没有~5', '不需要了~5', '已经贷了~5'],
              goTo('intro', 'keep'),
            ),
            branch('need-refuse', '拒绝', 'refuse', ['不要再打~6', '别打了~6', '烦~6'], hangUp, [BYE], {
              addLabel: '拒绝',
            }),
          ],
        ),
        node(
          'keep',
          '利率挽留',
          ['我行近期首套房利率有优惠，低至百分之三点五，您要不要考虑一下？'],
          [
            branch('keep-yes', '愿意考虑', 'affirm', ['可以', '考虑', '了解一下', '行'], nextFlow),
            branch('keep-no', '不考虑', 'refuse', ['不考虑~5', '不用~5', '不需要~5'], hangUp, [BYE]),
          ],
        ),
        node('bye', '结束语', ['很抱歉打扰到您，您的意见我们已经记录，再见。'], [], { next: hangUp }),
      ],
    },
    {
      id: 'detail',
      name: '需求确认',
      kind: 'main',
      startNodeId: 'amount',
      nodes: [
        node(
          'amount',
          '贷款金额',
          ['请问您大概需要贷款多少钱呢？'],
          [
            branch('amount-sum', '说了金额', 'affirm', ['万', '多少都行'], goTo('detail', 'usage'), [
              '好的，记下了。',
            ]),
            branch(
              'amount-unsure',
              '不确定',
              'neutral',
              ['不确定', '不知道', '没想好'],
              goTo('detail', 'usage'),
            ),
          ],
        ),
        node(
          'usage',
          '首套二套',
          ['请问是购买首套房还是二套房呢？'],
          [
            branch('usage-first', '首套', 'affirm', ['首套', '第一套'], goTo('detail', 'handoff')),
            branch('usage-second', '二套', 'affirm', ['二套', '第二套'], goTo('detail', 'handoff')),
          ],
        ),
        node('handoff', '转接经理', ['好的，我现在为您转接专属客户经理，请稍等。'], [], {
          next: transfer(1, { flowId: 'detail', nodeId: 'busy' }),
        }),
        // Where the bot goes on when no manager takes the transfer.
        node('busy', '经理忙', ['抱歉，客户经理正在忙，稍后会有专人给您回电，再见。'], [], { next: hangUp }),
      ],
    },
    {
      id: 'rate',
      name: '利率类型多轮',
      kind: 'multi',
      startNodeId: 'rate-kind',
      nodes: [
        node(
          'rate-kind',
          '利率类型',
          ['我们有固定利率和浮动利率两种，您更倾向哪一种？'],
          [
            branch('rate-fixed', '固定', 'neutral', ['固定'], nextFlow, ['固定利率每年不变，月供稳定。']),
            branch('rate-float', '浮动', 'neutral', ['浮动', 'lpr'], nextFlow, [
              '浮动利率跟随LPR调整，目前更低。',
            ]),
          ],
        ),
      ],
    },
  ],
  knowledge: [
    question('q-kind', '利率类型', 20001, ['利率类型', '固定利率', '浮动利率'], [], {
      answerMode: 'multi',
      jump: { action: 3, flowId: 'rate' },
    }),
    question(
      'q-rate',
      '利率多少',
      20001,
      ['利率', '利息', '几个点'],
      ['目前首套房贷利率在百分之三点五左右，具体以审批为准。'],
      {
        playWithMainFlow: true,
      },
    ),
    question(
      'q-docs',
      '需要材料',
      20001,
      ['材料', '资料', '要带什么'],
      ['需要身份证、户口本、收入证明和银行流水。'],
    ),
    question(
      'q-repay',
      '还款方式',
      20001,
      ['还款方式', '等额本息', '等额本金'],
      ['等额本息和等额本金都可以选，您可以和经理细谈。'],
    ),
    question('q-who', '你是谁', 10001, ['你是谁', '哪里', '什么公司'], ['我是安心银行房贷中心的客服。']),
    question('q-robot', '是不是机器人', 10001, ['机器人', '真人'], ['我是智能客服，有需要随时为您转人工。'], {
      ignoreSilence: true,
    }),
    question('q-complain', '投诉', 10001, ['投诉', '举报'], ['非常抱歉给您带来困扰。'], {
      answerMode: 'jump',
      highPriority: true,
      jump: { action: 3, flowId: 'intro', nodeId: 'bye' },
      setLevel: 26,
    }),
  ],
  intentLabels: ['高意向', '有需求', '拒绝', '投诉'],
  intentRules: [
    rule('r-complain', '投诉客户', 26, [saidAny(5006, ['投诉', '举报'])], '投诉'),
    rule('r-a', '高意向', 21, [when(5002, 1, 2), when(5003, 2, 0), when(5001, 1, 1)], '高意向'),
    rule('r-b', '有需求', 22, [when(5002, 1, 1), when(5007, 1, 1)], '有需求'),
    rule('r-f', '拒绝', 26, [when(5003, 1, 1)], '拒绝'),
    rule('r-c', '考虑中', 23, [saidAny(5006, ['考虑', '了解'])]),
  ],
  hotWords: ['房贷', '利率', '首套房', '公积金', '等额本息'],
  interceptKeywords: ['留言', '语音信箱', '智能助理', '机主', '无法接听', '转达'],
});

export const mortgageTranscripts: Transcript[] = [
  {
    name: '本人有需求，问利率后转人工',
    turns: ['是的我是', '利率是多少', '有需要', '大概五十万', '首套'],
    expected: { level: 21, ended: true, lastAction: 'transfer' },
  },
  {
    name: '打错电话',
    turns: ['不是，你打错了'],
    expected: { level: 24, ended: true, lastAction: 'hangup' },
  },
  {
    name: '直接拒绝',
    turns: ['没空，别打了'],
    expected: { level: 26, ended: true, lastAction: 'hangup' },
  },
  {
    name: '语音信箱拦截',
    turns: ['您拨打的用户暂时无法接听，请在提示音后留言'],
    expected: { level: 24, ended: true, lastAction: 'hangup', result: 70 },
  },
  {
    name: '一直沉默',
    turns: [{ silence: true }, { silence: true }, { silence: true }],
    expected: { level: 25, ended: true, lastAction: 'hangup' },
  },
  {
    name: '高优先级投诉',
    turns: ['是我', '我要投诉你们'],
    expected: { level: 26, ended: true, lastAction: 'hangup' },
  },
  {
    name: '利率类型多轮后继续',
    turns: ['是的', '利率类型有哪些', '固定的吧', '有需要', '不确定', '二套'],
    expected: { level: 21, ended: true, lastAction: 'transfer' },
  },
  {
    name: '没需求但愿意考虑',
    turns: ['是我', '没有', '那我考虑一下', { silence: true }, { silence: true }, { silence: true }],
    expected: { level: 23, ended: true, lastAction: 'hangup' },
  },
];
