import { Stage } from './crm';
import {
  customerAfterCall,
  intentionLabelOf,
  isIntentionGrade,
  stageAfterCall,
  visitDetails,
  type CustomerCallState,
  type EndedCallFacts,
} from './customerResult';

const T0 = new Date('2026-11-20T02:00:00Z');
const later = (min: number) => new Date(T0.getTime() + min * 60_000);
const fresh: CustomerCallState = { stage: Stage.New, grade: null, lastCalledAt: null };
const call = (over: Partial<EndedCallFacts> = {}): EndedCallFacts => ({
  resultLevel: 22,
  labels: [],
  llmGrade: null,
  startedAt: T0,
  ...over,
});

describe('stageAfterCall', () => {
  it('moves a new customer to AI first visit and never moves any other stage', () => {
    expect(stageAfterCall(Stage.New)).toBe(Stage.AiFirstVisit);
    for (const s of [200, 300, 400, 500, 600]) expect(stageAfterCall(s)).toBe(s);
  });
});

describe('customerAfterCall', () => {
  it('a first graded call: stage 200, grade, last result, labels, LLM grade, last call time', () => {
    expect(customerAfterCall(fresh, call({ labels: ['关心价格', '要资料'], llmGrade: 'B' }))).toEqual({
      stage: 200,
      lastCalledAt: T0,
      newest: true,
      lastResult: 22,
      grade: 22,
      intentionLabel: '关心价格、要资料',
      llmGrade: 'B',
    });
  });

  it('a call that did not connect keeps an A–F grade but grades a customer that has none', () => {
    const graded = { stage: 300, grade: 21, lastCalledAt: T0 };
    expect(customerAfterCall(graded, call({ resultLevel: 68, startedAt: later(5) }))).toEqual({
      stage: 300,
      lastCalledAt: later(5),
      newest: true,
      lastResult: 68,
    });
    expect(customerAfterCall(fresh, call({ resultLevel: 68 }))).toMatchObject({ grade: 68, lastResult: 68 });
    // A result code on the customer is replaced by the next one.
    expect(customerAfterCall({ ...fresh, grade: 67 }, call({ resultLevel: 63 })).grade).toBe(63);
  });

  it('an older call settled late counts, but leaves the newer result in place', () => {
    const c = { stage: 200, grade: 23, lastCalledAt: later(10) };
    expect(customerAfterCall(c, call({ resultLevel: 21, labels: ['x'], llmGrade: 'A' }))).toEqual({
      stage: 200,
      lastCalledAt: later(10),
      newest: false,
    });
  });

  it('a graded call without labels clears the label; without an LLM grade keeps the old one', () => {
    const u = customerAfterCall({ ...fresh, grade: 22 }, call({ resultLevel: 24 }));
    expect(u.intentionLabel).toBe('');
    expect(u).not.toHaveProperty('llmGrade');
  });

  it('an unknown result (null) changes no grade', () => {
    expect(customerAfterCall(fresh, call({ resultLevel: null }))).toEqual({
      stage: 200,
      lastCalledAt: T0,
      newest: true,
      lastResult: null,
    });
  });
});

describe('helpers', () => {
  it('isIntentionGrade: 21–26 only', () => {
    expect([20, 21, 26, 27, 68, null, 21.5].map(isIntentionGrade)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('intentionLabelOf: joined, blanks dropped, cut to 64 characters', () => {
    expect(intentionLabelOf([' 甲 ', '', '乙'])).toBe('甲、乙');
    expect([...intentionLabelOf(['标'.repeat(100)])]).toHaveLength(64);
  });

  it("visitDetails: the engine reason's text", () => {
    expect(visitDetails({ kind: 'rule', text: '好的 → 规则「有兴趣」→ B' })).toBe('好的 → 规则「有兴趣」→ B');
    expect(visitDetails(null)).toBe('');
    expect(visitDetails('x')).toBe('x');
  });
});
