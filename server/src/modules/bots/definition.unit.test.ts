// The structural schema accepts every real bot (starter, demo bots) and refuses malformed ones; the
// prompt walker uses exactly listPrompts' keys (recordings attach to the right prompt).
import { DEMO_BOTS } from '../../../../domain/bot/demo';
import { listPrompts } from '../../../../domain/bot/prompts';
import { definitionSchema } from './definitionSchema';
import { eachPrompt, mapRecordingIds } from '../../../../domain/bot/prompts';
import { starterDefinition } from './starter';

const all = [starterDefinition(), ...DEMO_BOTS.map((d) => d.definition)];

describe('definitionSchema', () => {
  it('accepts the starter and the demo bots unchanged', () => {
    for (const def of all) {
      const r = definitionSchema.safeParse(def);
      expect(r.success ? null : r.error.issues.slice(0, 3)).toBeNull();
      expect(r.data).toEqual(def);
    }
  });

  it('refuses wrong types, unknown codes and SPEC §5 limits', () => {
    const bad = (f: (d: ReturnType<typeof starterDefinition>) => void) => {
      const d = starterDefinition();
      f(d);
      return definitionSchema.safeParse(d).success;
    };
    expect(bad(() => undefined)).toBe(true);
    expect(bad((d) => (d.flows = []))).toBe(false);
    expect(bad((d) => (d.flows[0]!.nodes[0]!.type = 'robot' as never))).toBe(false);
    expect(bad((d) => (d.flows[0]!.nodes[0]!.noMatch.repeat = 6))).toBe(false);
    expect(bad((d) => (d.flows[0]!.nodes[0]!.branches[0]!.matchCount = 12))).toBe(false);
    expect(bad((d) => (d.flows[0]!.nodes[0]!.branches[0]!.next.action = 7 as never))).toBe(false);
    expect(bad((d) => (d.settings.speed = 1010))).toBe(false);
    expect(bad((d) => (d.hotWords = ['贷款', 'loan']))).toBe(false);
    expect(bad((d) => (d.hotWords = ['一二三四五六七八九十一']))).toBe(false);
    expect(bad((d) => (d.hotWords = ['贷款']))).toBe(true);
    expect(bad((d) => (d.flows[0]!.nodes[0]!.branches[0]!.name = ''))).toBe(false);
    expect(bad((d) => ((d as { settings: unknown }).settings = 'x'))).toBe(false);
  });

  it('takes the SPEC §9 transfer wait as optional: 0 or a multiple of 5 s up to 600', () => {
    const parse = (w: unknown) => {
      const d = starterDefinition();
      (d.settings as { transferWaitSeconds?: unknown }).transferWaitSeconds = w;
      return definitionSchema.safeParse(d);
    };
    for (const ok of [undefined, 0, 5, 30, 600]) expect(parse(ok).success).toBe(true);
    for (const bad of [-5, 3, 7.5, 605, '30', null]) {
      const r = parse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({
        path: ['settings', 'transferWaitSeconds'],
        message: 'validation.invalid',
      });
    }
  });
});

describe('prompt keys', () => {
  it('walks the same keys as listPrompts and remaps recording ids', () => {
    for (const def of all) {
      const keys: string[] = [];
      eachPrompt(def, (k, p) => p.text.trim() && keys.push(k));
      expect(keys).toEqual(listPrompts(def).map((p) => p.promptKey));
      const mapped = mapRecordingIds(def, (k) => (k === keys[0] ? 42 : null));
      expect(listPrompts(mapped).filter((p) => p.recordingId !== null)).toEqual([
        expect.objectContaining({ promptKey: keys[0], recordingId: 42 }),
      ]);
    }
  });
});
