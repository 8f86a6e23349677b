import { LANGUAGES, NAMESPACES, resources } from '.';

type Tree = { [k: string]: string | Tree };

/** key -> value for every leaf, keys joined with '.'. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('locale namespace %s', (ns) => {
  const zh = leaves(resources['zh-CN'][ns] as Tree);
  const en = leaves(resources.en[ns] as Tree);

  it('has the same keys in zh-CN and en', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it('has no empty strings and the same interpolation variables', () => {
    for (const [key, text] of zh) {
      expect(text.trim()).not.toBe('');
      expect(en.get(key)?.trim()).not.toBe('');
      expect({ key, vars: vars(en.get(key) ?? '') }).toEqual({ key, vars: vars(text) });
    }
  });
});

it('bundles every namespace for every language', () => {
  for (const lng of LANGUAGES) expect(Object.keys(resources[lng]).sort()).toEqual([...NAMESPACES].sort());
});
