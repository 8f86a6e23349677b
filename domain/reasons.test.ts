import { NOT_PLACED_TEXT, notPlacedReason, PLATFORM_FAULT_TEXT, platformFaultReason } from './calls';
import { faultReason, faultText } from './fsProbe';
import {
  coded,
  extendReason,
  formatReason,
  interpolate,
  messageOf,
  REASON_CODES,
  REASON_ZH,
  reasonZh,
  renderStoredReason,
  type Translate,
} from './reasons';

/** A lookup that shows what was asked: `code(param=value,…)`, lists with its own punctuation. */
const echo: Translate = (code, params) => {
  if (code === 'listSep') return '|';
  if (code === 'quotedList') return `<${params.items}>`;
  const p = Object.entries(params).map(([k, v]) => `${k}=${v}`);
  return p.length ? `${code}(${p.join(',')})` : code;
};

describe('the codes', () => {
  it('every template is a non-empty string; parameters are {{name}}', () => {
    expect(REASON_CODES.length).toBeGreaterThan(50);
    for (const code of REASON_CODES) {
      expect(REASON_ZH[code].trim()).not.toBe('');
      expect(REASON_ZH[code]).not.toMatch(/\{(?!\{)\w+\}(?!\})/); // no single-brace slips
    }
  });
  it('codes are plain keys (i18next: no dots, colons or plural suffixes)', () => {
    for (const code of REASON_CODES) expect(code).toMatch(/^[A-Za-z]+(_[A-Za-z]+)?$/);
  });
});

describe('rendering', () => {
  it('interpolates parameters; a missing one is empty', () => {
    expect(interpolate('节点「{{node}}」未匹配（第{{n}}次）', { node: '开场白', n: 2 })).toBe(
      '节点「开场白」未匹配（第2次）',
    );
    expect(interpolate('a{{ x }}b{{y}}', { x: 1 })).toBe('a1b');
  });
  it('writes the zh-CN text of a code with its parameters', () => {
    expect(coded('noMatch', { node: '开场白', n: '1' })).toEqual({
      code: 'noMatch',
      params: { node: '开场白', n: '1' },
      text: '节点「开场白」未匹配（第1次）',
    });
    expect(coded('noMainFlow')).toEqual({ code: 'noMainFlow', text: '机器人没有主流程，挂机' });
  });
  it('renders lists of words quoted, nested messages and lists of messages in the same language', () => {
    const m = {
      code: 'unanswered' as const,
      params: { topics: [{ code: 'topic_price' as const }, { code: 'topic_rate' as const }] },
    };
    expect(reasonZh(m)).toBe('客户提问（价格、利率）知识库中没有答案，通用回复后继续');
    expect(formatReason(m, echo)).toBe('unanswered(topics=topic_price|topic_rate)');
    const hit = { code: 'branchHit' as const, params: { node: 'n', branch: 'b', keywords: ['可以', '行'] } };
    expect(reasonZh(hit)).toBe('节点「n」分支「b」命中「可以、行」');
    expect(formatReason(hit, echo)).toBe('branchHit(node=n,branch=b,keywords=<可以|行>)');
    const why = { code: 'notPlaced' as const, params: { why: { code: 'noSwitch' as const } } };
    expect(reasonZh(why)).toBe('未拨出，号码已退回任务：FreeSWITCH 节点未连接');
    expect(formatReason(why, echo)).toBe('notPlaced(why=noSwitch)');
  });
  it('a legacy parameter ({ text }) shows its text', () => {
    expect(reasonZh({ code: 'notPlaced', params: { why: { text: 'old words' } } })).toBe(
      '未拨出，号码已退回任务：old words',
    );
  });
  it('clauses said after a reason grow its text and its `more`', () => {
    const r = extendReason({ kind: 'start', ...coded('startFlow', { flow: '主' }) }, 'enterNode', {
      node: '开场白',
    });
    expect(r).toEqual({
      kind: 'start',
      code: 'startFlow',
      params: { flow: '主' },
      more: [{ code: 'enterNode', params: { node: '开场白' } }],
      text: '接通，开始主流程「主」，进入节点「开场白」',
    });
    expect(formatReason(messageOf(r)!, echo)).toBe('startFlow(flow=主)enterNode(node=开场白)');
    // A reason without a code (an older one) stays uncoded: only its text grows.
    expect(extendReason({ kind: 'x', text: '旧' }, 'thenHangup')).toEqual({ kind: 'x', text: '旧，挂机' });
  });
});

describe('stored reasons', () => {
  const knows = (c: string) => c in REASON_ZH;
  it('a coded reason is rendered from its code', () => {
    const stored = { kind: 'noMatch', ...coded('noMatch', { node: 'n', n: '3' }), nodeId: 'x' };
    expect(renderStoredReason(stored, echo, knows)).toBe('noMatch(node=n,n=3)');
  });
  it('an older reason (no code), an unknown code, a bare string: the stored text', () => {
    expect(renderStoredReason({ kind: 'rule', text: '旧的原因' }, echo, knows)).toBe('旧的原因');
    expect(renderStoredReason({ code: 'fromTheFuture', text: '新' }, echo, knows)).toBe('新');
    expect(renderStoredReason('文字', echo, knows)).toBe('文字');
    expect(renderStoredReason(null, echo, knows)).toBeNull();
    expect(renderStoredReason({ kind: 'x' }, echo, knows)).toBeNull();
  });
});

describe('the reasons built from codes read as before', () => {
  it('not placed and platform faults keep their zh-CN prefix', () => {
    expect(REASON_ZH.notPlaced.startsWith(NOT_PLACED_TEXT)).toBe(true);
    expect(REASON_ZH.platformFault.startsWith(PLATFORM_FAULT_TEXT)).toBe(true);
    expect(notPlacedReason({ code: 'noSwitch' })).toEqual({
      kind: 'notPlaced',
      code: 'notPlaced',
      params: { why: { code: 'noSwitch' } },
      text: `${NOT_PLACED_TEXT}FreeSWITCH 节点未连接`,
    });
    expect(platformFaultReason({ code: 'fault_prompt', params: { response: 'FILE NOT FOUND' } }).text).toBe(
      `${PLATFORM_FAULT_TEXT}提示音无法播放（FILE NOT FOUND）`,
    );
  });
  it('line faults', () => {
    expect(faultText({ kind: 'recognizer', module: 'mod_unimrcp' })).toBe(
      'FreeSWITCH 节点缺少识别模块 mod_unimrcp',
    );
    expect(faultText({ kind: 'line', lineId: 7, cause: 'CODEC_MISSING', codec: 'G729' })).toBe(
      '线路 7的编码 G729 在 FreeSWITCH 节点上不可用',
    );
    expect(faultText({ kind: 'line', cause: 'GATEWAY_DOWN' })).toBe('线路的网关不可达 (GATEWAY_DOWN)');
    const r = faultReason({ kind: 'line', lineId: 2, cause: 'INVALID_GATEWAY' });
    expect(r).toMatchObject({
      kind: 'notPlaced',
      code: 'fault_invalidGateway',
      params: { line: { code: 'line_id', params: { id: '2' } } },
      text: '线路 2的网关未在 FreeSWITCH 上加载 (INVALID_GATEWAY)',
      fault: { kind: 'line', lineId: 2, cause: 'INVALID_GATEWAY' },
    });
  });
});
