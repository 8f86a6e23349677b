import { REASON_CODES, REASON_ZH, coded, extendReason } from '../../../domain/reasons';
import { createI18n } from '../app/i18n';
import zhReasons from '../locales/zh-CN/reasons.json';
import enReasons from '../locales/en/reasons.json';
import { messageText, reasonText } from './reasonText';

const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('the reasons namespace', () => {
  it('zh-CN is exactly the table the server writes its texts with (domain/reasons.ts)', () => {
    expect(zhReasons).toEqual(REASON_ZH);
  });
  it('every code has an English text with the same parameters, none left in Chinese', () => {
    const en = enReasons as Record<string, string>;
    expect(Object.keys(en).sort()).toEqual([...REASON_CODES].sort());
    for (const code of REASON_CODES) {
      expect({ code, vars: vars(en[code] ?? '') }).toEqual({ code, vars: vars(REASON_ZH[code]) });
      expect({ code, cjk: /[\u4e00-\u9fff]/.test(en[code] ?? '') }).toEqual({ code, cjk: false });
    }
  });
  it('every code renders in both languages with its parameters filled in', () => {
    for (const lng of ['zh-CN', 'en'] as const) {
      const i18n = createI18n(lng, false);
      for (const code of REASON_CODES) {
        const params = Object.fromEntries(vars(REASON_ZH[code]).map((v) => [v, `<${v}>`]));
        const out = messageText(i18n, { code, params });
        for (const v of Object.keys(params)) expect(out).toContain(`<${v}>`);
        expect(out).not.toMatch(/{{|}}|reasons:/);
      }
    }
  });
});

describe('reasonText', () => {
  const en = createI18n('en', false);
  const zh = createI18n('zh-CN', false);
  // What the engine stores for a no-match that went past its repeats and hung up.
  const stored = {
    kind: 'noMatch',
    nodeId: 'n1',
    ...extendReason(
      extendReason(coded('noMatch', { node: '开场白', n: '2' }), 'overRepeat', { n: '1' }),
      'thenHangup',
    ),
  };

  it('a coded reason reads in the reader language; bot content stays as written', () => {
    expect(reasonText(en, stored)).toBe('Node “开场白” had no match (time 2), more than 1 times, hung up');
    expect(reasonText(zh, stored)).toBe(stored.text);
    expect(stored.text).toBe('节点「开场白」未匹配（第2次），超过1次，挂机');
  });
  it('nested messages and lists are rendered in the same language', () => {
    const r = {
      kind: 'branch',
      ...coded('branchByAct', { node: '开场白', act: { code: 'act_affirm' }, branch: '肯定' }),
    };
    expect(reasonText(en, r)).toBe(
      "Node “开场白” matched no keyword, took branch “肯定” by the customer's intent “yes”",
    );
    const kw = { kind: 'intercept', ...coded('interceptKeywords', { keywords: ['空号', '停机'] }) };
    expect(reasonText(en, kw)).toBe('Intercept keywords “空号, 停机” recognised, hung up');
    expect(reasonText(zh, kw)).toBe('识别到拦截关键词「空号、停机」，挂机');
  });
  it('rows stored before codes show their text; nothing is null; other values as they came', () => {
    expect(reasonText(en, { kind: 'rule', text: '肯定1次 → 规则「乙」→ B' })).toBe('肯定1次 → 规则「乙」→ B');
    expect(reasonText(en, '原因')).toBe('原因');
    expect(reasonText(en, null)).toBeNull();
    expect(reasonText(en, { a: 1 })).toBe('{"a":1}');
    // A code this client does not know yet (a newer server): the stored text.
    expect(reasonText(en, { code: 'notYetKnown', text: '新的原因' })).toBe('新的原因');
  });
});
