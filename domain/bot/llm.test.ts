import {
  askLlm,
  askLlmOutcome,
  buildChatRequest,
  excerptOf,
  LLM_REPLY_MAX,
  gradePrompt,
  gradeWithLlm,
  parseChatReply,
  parseGrade,
  type PostFn,
} from './llm';

const settings = {
  baseUrl: 'http://llm.test/v1/',
  model: 'm',
  key: 'k',
  systemPrompt: 'Be brief.',
  timeoutMs: 200,
};
const reply = (content: unknown) => ({ choices: [{ index: 0, message: { role: 'assistant', content } }] });
const answering =
  (status: number, json: unknown): PostFn =>
  async () => ({ status, json: async () => json });

describe('buildChatRequest', () => {
  it('puts the system prompt, the history and the utterance in order', () => {
    expect(
      buildChatRequest({
        model: 'qwen',
        systemPrompt: 'You sell loans.',
        history: [
          { role: 'bot', text: '您好' },
          { role: 'customer', text: '你是谁' },
        ],
        utterance: '利息多少',
      }),
    ).toEqual({
      model: 'qwen',
      messages: [
        { role: 'system', content: 'You sell loans.' },
        { role: 'assistant', content: '您好' },
        { role: 'user', content: '你是谁' },
        { role: 'user', content: '利息多少' },
      ],
      temperature: 0.3,
      max_tokens: 200,
      stream: false,
    });
  });

  it('leaves out an empty system prompt', () => {
    const r = buildChatRequest({ model: 'm', systemPrompt: ' ', history: [], utterance: 'hi' });
    expect(r.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });
});

describe('parseChatReply', () => {
  it('reads the first choice', () => expect(parseChatReply(reply('  好的 '))).toBe('好的'));
  it.each([null, 'x', {}, { choices: [] }, { choices: [null] }, reply(42), reply('   '), { choices: {} }])(
    'is null for %j',
    (j) => expect(parseChatReply(j)).toBeNull(),
  );
});

describe('askLlm', () => {
  it('posts to <baseUrl>/chat/completions with the bearer key', async () => {
    const post = jest.fn(answering(200, reply('答')));
    expect(await askLlm(post, settings, { history: [], utterance: '问' })).toBe('答');
    const [url, body, headers, signal] = post.mock.calls[0]!;
    expect(url).toBe('http://llm.test/v1/chat/completions');
    expect(JSON.parse(body).messages.at(-1)).toEqual({ role: 'user', content: '问' });
    expect(headers).toMatchObject({ Authorization: 'Bearer k', 'Content-Type': 'application/json' });
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no Authorization header without a key', async () => {
    const post = jest.fn(answering(200, reply('x')));
    await askLlm(post, { ...settings, key: '' }, { history: [], utterance: 'q' });
    expect(post.mock.calls[0]![2]).not.toHaveProperty('Authorization');
  });

  it('resolves null on non-2xx, a throwing transport, a bad body', async () => {
    const input = { history: [], utterance: 'q' };
    expect(await askLlm(answering(500, reply('x')), settings, input)).toBeNull();
    expect(await askLlm(async () => Promise.reject(new Error('ECONNREFUSED')), settings, input)).toBeNull();
    expect(
      await askLlm(
        async () => ({ status: 200, json: () => Promise.reject(new SyntaxError('bad')) }),
        settings,
        input,
      ),
    ).toBeNull();
    expect(await askLlm(answering(200, { error: 'x' }), settings, input)).toBeNull();
  });

  it('resolves null after the timeout even when the transport ignores the abort, and aborts it', async () => {
    let seen: AbortSignal | undefined;
    const hang: PostFn = (_u, _b, _h, signal) => {
      seen = signal;
      return new Promise(() => undefined);
    };
    const t0 = Date.now();
    expect(await askLlm(hang, { ...settings, timeoutMs: 50 }, { history: [], utterance: 'q' })).toBeNull();
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(seen!.aborted).toBe(true);
  });
});

describe('grading', () => {
  it('builds a transcript prompt', () => {
    const p = gradePrompt([
      { role: 'bot', text: '需要贷款吗' },
      { role: 'customer', text: '需要，请联系我' },
    ]);
    expect(p.systemPrompt).toMatch(/single letter/);
    expect(p.utterance).toContain('Bot: 需要贷款吗\nCustomer: 需要，请联系我');
  });

  it.each([
    ['A', 'A'],
    ['b', 'B'],
    ['Grade: C.', 'C'],
    ['等级：D', 'D'],
    [' F\n', 'F'],
  ])('reads %j as %s', (text, grade) => expect(parseGrade(text)).toBe(grade));

  it.each([null, '', 'G', 'no idea', 'A or B', 'ABC'])('reads no grade from %j', (text) =>
    expect(parseGrade(text)).toBeNull(),
  );

  it('grades through the model', async () => {
    expect(await gradeWithLlm(answering(200, reply('B')), settings, [])).toBe('B');
    expect(await gradeWithLlm(answering(503, {}), settings, [])).toBeNull();
  });
});

describe('what the settings test may show (issue 21: no body read back whole)', () => {
  const input = { history: [], utterance: 'ping' };
  const page = `<html><body>internal console\n\u0000secret ${'z'.repeat(10_000)}</body></html>`;
  const replying =
    (status: number, text: string): PostFn =>
    async () => ({ status, json: async () => JSON.parse(text), text: async () => text });

  it('a model answer, cut to the longest reply kept', async () => {
    expect(await askLlmOutcome(answering(200, reply('好的')), settings, input)).toEqual({
      text: '好的',
      error: null,
    });
    const long = await askLlmOutcome(answering(200, reply('x'.repeat(5000))), settings, input);
    expect(long.text).toHaveLength(LLM_REPLY_MAX);
  });

  it('a redirect is named, never followed', async () => {
    expect(await askLlmOutcome(replying(302, ''), settings, input)).toEqual({
      text: null,
      error: 'HTTP 302: redirect not followed',
    });
  });

  it('an error page gives its status and a short printable excerpt only', async () => {
    const r = await askLlmOutcome(replying(500, page), settings, input);
    expect(r.text).toBeNull();
    expect(r.error).toMatch(/^HTTP 500: /);
    expect(r.error!.length).toBeLessThanOrEqual(100);
    // eslint-disable-next-line no-control-regex
    expect(r.error).not.toMatch(/[<>\u0000\n]/);
  });

  it('a 200 that is not a model answer says so without its body', async () => {
    expect(await askLlmOutcome(replying(200, page), settings, input)).toEqual({
      text: null,
      error: 'no answer text',
    });
  });

  it("a transport's refusal comes back as its short reason", async () => {
    const refused: PostFn = async () => {
      throw new Error('refused: 127.0.0.1 is loopback (private targets are not allowed)');
    };
    expect((await askLlmOutcome(refused, settings, input)).error).toBe(
      'refused: 127.0.0.1 is loopback (private targets are not allowed)',
    );
    expect(excerptOf('a'.repeat(500))).toHaveLength(81);
  });
});
