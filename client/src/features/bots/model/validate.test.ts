import { DEFAULT_GLOBAL_HANDLING, DEFAULT_SETTINGS } from '../../../../../domain/bot/definition';
import { newBranch, newNode, newQuestion } from './edit';
import {
  hasErrors,
  isHttpUrl,
  keywordError,
  labelError,
  nameError,
  splitList,
  validateBranch,
  validateNode,
  validateQuestion,
  validateRule,
  validateGlobal,
  validateSettings,
} from './validate';

describe('editor validation', () => {
  it('splits comma lists and checks keyword priorities', () => {
    expect(splitList('可以, 好的~9，行 ,')).toEqual(['可以', '好的~9', '行']);
    expect(keywordError('好的~9')).toBeNull();
    expect(keywordError('好的')).toBeNull();
    expect(keywordError('好的~x')).toBe('bots:validation.priority');
    expect(keywordError('好的~')).toBe('bots:validation.priority');
    expect(keywordError('~3')).toBe('bots:validation.keyword');
  });

  it('requires branch name, property and keywords', () => {
    expect(validateBranch(newBranch('b1'))).toEqual({
      name: 'bots:validation.required',
      keywords: 'bots:validation.required',
    });
    const ok = { ...newBranch('b1'), name: '肯定', keywords: ['可以'] };
    expect(validateBranch(ok)).toEqual({});
    expect(validateBranch({ ...ok, keywords: ['好~a'] }).keywords).toBe('bots:validation.priority');
    expect(validateBranch({ ...ok, property: 'x' as never }).property).toBe('bots:validation.required');
    // An IVR branch may be chosen by its digit alone.
    expect(validateBranch({ ...ok, keywords: [], dtmf: '1' }, 'ivr')).toEqual({});
    expect(validateBranch({ ...ok, next: { action: 3 } })['next.flowId']).toBe('bots:validation.required');
  });

  it('requires node name and text, and repeat 1 to 5', () => {
    const n = newNode('n1', '');
    expect(validateNode(n)).toEqual({ name: 'bots:validation.required', prompts: 'bots:validation.text' });
    const ok = { ...n, name: '开场白', prompts: [{ text: '您好' }] };
    expect(hasErrors(validateNode(ok))).toBe(false);
    expect(validateNode({ ...ok, noMatch: { ...ok.noMatch, repeat: 6 } })['noMatch.repeat']).toBe(
      'bots:validation.repeat',
    );
    expect(validateNode({ ...ok, silence: { ...ok.silence, repeat: 0 } })['silence.repeat']).toBeDefined();
    expect(validateNode({ ...ok, branches: [newBranch('b1')] })['branches.0']).toBe('bots:validation.branch');
    expect(validateNode({ ...ok, type: 'jump', prompts: [] }).prompts).toBeUndefined();
  });

  it('checks questions, rules, labels and names', () => {
    expect(Object.keys(validateQuestion(newQuestion('q1'))).sort()).toEqual(['keywords', 'prompts', 'title']);
    expect(
      validateQuestion({ ...newQuestion('q1'), title: 't', keywords: ['a'], prompts: [{ text: 'x' }] }),
    ).toEqual({});
    expect(
      validateQuestion({ ...newQuestion('q1'), title: 't', keywords: ['a'], answerMode: 'jump' }).jump,
    ).toBeDefined();
    const rule = {
      id: 'r1',
      name: 'A',
      level: 21 as const,
      conditions: [{ item: 5002 as const, op: 1 as const, value: 2 }],
    };
    expect(validateRule(rule)).toEqual({});
    expect(validateRule({ ...rule, conditions: [] }).conditions).toBeDefined();
    expect(
      validateRule({ ...rule, conditions: [{ item: 5006, keywords: [] }] })['conditions.0.keywords'],
    ).toBeDefined();
    expect(labelError('', [])).toBe('bots:validation.required');
    expect(labelError('高意向', ['高意向'])).toBe('bots:validation.duplicate');
    expect(nameError('a')).toBe('bots:validation.name');
    expect(nameError('贷款机器人')).toBeNull();
    expect(isHttpUrl('https://api.example.com/v1')).toBe(true);
    expect(isHttpUrl('ftp://x')).toBe(false);
  });

  it('checks the manual-transfer wait: 0 (for ever) or a multiple of 5 s up to 600, absent allowed', () => {
    expect(validateSettings(DEFAULT_SETTINGS)).toEqual({});
    const { transferWaitSeconds: _, ...old } = DEFAULT_SETTINGS;
    expect(validateSettings(old)).toEqual({});
    for (const ok of [0, 5, 30, 600])
      expect(validateSettings({ ...old, transferWaitSeconds: ok })).toEqual({});
    for (const bad of [-5, 3, 7.5, 605, NaN])
      expect(validateSettings({ ...old, transferWaitSeconds: bad })).toEqual({
        transferWaitSeconds: 'bots:validation.transferWait',
      });
  });

  it('checks the global handling like the server: 20 phrasings of 2000 characters, disclosure 500', () => {
    const g = DEFAULT_GLOBAL_HANDLING;
    expect(validateGlobal(g)).toEqual({});
    const long = { text: 'x'.repeat(2001) };
    const many = Array.from({ length: 21 }, () => ({ text: '好的' }));
    expect(
      validateGlobal({
        ...g,
        optOut: { enabled: true, prompts: [{ text: 'x'.repeat(2000) }, long] },
        robot: { enabled: false, prompts: many },
        disclosure: '您'.repeat(501),
      }),
    ).toEqual({
      'optOut.prompts': 'bots:validation.promptTooLong',
      'robot.prompts': 'bots:validation.promptsMax',
      disclosure: 'bots:validation.disclosureTooLong',
    });
    // Blank phrasings and an optional handler left out are the server's business, not errors here.
    const { decline: _, ...older } = g;
    expect(validateGlobal({ ...older, askHuman: { enabled: true, prompts: [] }, disclosure: '' })).toEqual(
      {},
    );
  });
});
