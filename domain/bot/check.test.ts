import { check } from './check';
import type { BotDefinition } from './definition';
import { fixtureBot } from './demo/fixture';

const problems = (patch: (d: BotDefinition) => void) => check(fixtureBot(patch));
const codes = (patch: (d: BotDefinition) => void) =>
  problems(patch).map((p) => `${p.severity}:${p.code}:${p.path}`);

describe('check', () => {
  it('a good bot has only the transfer warning', () => {
    expect(codes(() => {})).toEqual([]);
  });
  it('finds unreachable nodes', () => {
    const found = problems((d) =>
      d.flows[1]!.nodes.push({ ...d.flows[1]!.nodes[1]!, id: 'lost', name: '孤儿' }),
    );
    expect(found).toEqual([
      {
        severity: 'error',
        code: 'unreachableNode',
        path: 'flows.1.nodes.2',
        params: { flow: '第二流程', node: '孤儿' },
      },
    ]);
  });
  it('finds dangling jumps in branches, fallbacks and knowledge', () => {
    expect(
      codes((d) => {
        d.flows[0]!.nodes[0]!.branches[4]!.next = { action: 3, flowId: 'second', nodeId: 'nope' };
        d.flows[0]!.nodes[0]!.silence.then = { action: 3, flowId: 'nope' };
        d.knowledge[2]!.jump = { action: 3, flowId: 'gone' };
        // A transfer's fallback flow.
        d.flows[0]!.nodes[0]!.noMatch.then = { action: 4, seatGroupId: 1, flowId: 'gone' };
      }),
    ).toEqual(
      expect.arrayContaining([
        'error:danglingJump:flows.0.nodes.0.branches.4.next',
        'error:danglingJump:flows.0.nodes.0.silence.then',
        'error:danglingJump:knowledge.2.jump',
        'error:danglingJump:flows.0.nodes.0.noMatch.then',
      ]),
    );
  });
  it('requires keywords on non-IVR branches and dtmf on IVR branches', () => {
    expect(codes((d) => (d.flows[0]!.nodes[0]!.branches[1]!.keywords = ['  ']))).toContain(
      'error:emptyKeywords:flows.0.nodes.0.branches.1.keywords',
    );
    const ivr = codes((d) => {
      d.flows[0]!.nodes[0]!.type = 'ivr';
      d.flows[0]!.nodes[0]!.branches.forEach((b, i) => (b.dtmf = i ? String(i) : null));
    });
    expect(ivr).toEqual(['error:emptyDtmf:flows.0.nodes.0.branches.0.dtmf']);
  });
  it('requires names and texts', () => {
    const found = codes((d) => {
      d.flows[0]!.nodes[0]!.name = '';
      d.flows[0]!.nodes[0]!.branches[0]!.name = ' ';
      d.flows[1]!.nodes[0]!.prompts = [{ text: '' }];
      d.intentLabels.push('');
      d.knowledge[0]!.title = '';
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'error:nameRequired:flows.0.nodes.0.name',
        'error:nameRequired:flows.0.nodes.0.branches.0.name',
        'error:textRequired:flows.1.nodes.0.prompts',
        'error:nameRequired:intentLabels.1',
        'error:nameRequired:knowledge.0.title',
      ]),
    );
  });
  it('requires a branch property', () => {
    expect(
      codes((d) => ((d.flows[0]!.nodes[0]!.branches[0] as { property: string }).property = '')),
    ).toContain('error:propertyRequired:flows.0.nodes.0.branches.0.property');
  });
  it('checks repetition counts 1–5', () => {
    const found = codes((d) => {
      d.flows[0]!.nodes[0]!.noMatch.repeat = 0;
      d.flows[0]!.nodes[0]!.silence.repeat = 6;
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'error:repeatRange:flows.0.nodes.0.noMatch.repeat',
        'error:repeatRange:flows.0.nodes.0.silence.repeat',
      ]),
    );
  });
  it('checks keyword priorities are numeric', () => {
    const found = problems((d) => (d.flows[0]!.nodes[0]!.branches[0]!.keywords = ['可以~9', '好的~高']));
    expect(found).toEqual([
      expect.objectContaining({
        code: 'badPriority',
        path: 'flows.0.nodes.0.branches.0.keywords.1',
        params: expect.objectContaining({ keyword: '好的~高' }),
      }),
    ]);
  });
  it('checks hot words: Chinese only, no symbols, at most 10 characters', () => {
    const found = codes((d) => (d.hotWords = ['房贷', 'loan', '房贷！', '一二三四五六七八九十一']));
    expect(found).toEqual([
      'error:badHotWord:hotWords.1',
      'error:badHotWord:hotWords.2',
      'error:badHotWord:hotWords.3',
    ]);
  });
  it('needs a main flow and existing start nodes', () => {
    expect(codes((d) => (d.flows[2]!.startNodeId = 'x'))).toContain('error:noStartNode:flows.2.startNodeId');
    expect(codes((d) => d.flows.forEach((f) => (f.kind = 'multi')))).toContain('error:noMainFlow:flows');
  });
  it('warns about a transfer without a seat group', () => {
    expect(problems((d) => (d.flows[0]!.nodes[0]!.branches[2]!.next = { action: 4 }))).toEqual([
      {
        severity: 'warning',
        code: 'transferNoGroup',
        path: 'flows.0.nodes.0.branches.2.next',
        params: { flow: '主流程', node: '询问', branch: '拒绝' },
      },
    ]);
  });
  it('requires keywords on content and last-sentence rule conditions', () => {
    expect(
      codes(
        (d) =>
          (d.intentRules = [
            { id: 'r', name: '规则', level: 21, conditions: [{ item: 5006, keywords: [] }] },
          ]),
      ),
    ).toEqual(['error:emptyKeywords:intentRules.0.conditions.0.keywords']);
  });
});

describe('one-character keywords', () => {
  it('are a warning naming the keyword', () => {
    const def = fixtureBot((d) => (d.flows[0]!.nodes[0]!.branches[0]!.keywords = ['是', '可以']));
    expect(check(def)).toContainEqual({
      severity: 'warning',
      code: 'singleCharKeyword',
      path: 'flows.0.nodes.0.branches.0.keywords.0',
      params: { flow: '主流程', node: '询问', branch: '肯定', keyword: '是' },
    });
  });
});
