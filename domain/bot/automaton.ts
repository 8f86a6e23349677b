// Aho–Corasick keyword automaton: every keyword of a bot in one machine, so a customer
// sentence is scanned once whatever the number of branches, questions and rules.
// Works on UTF-16 code units; patterns are unique strings, ids are their index.

export interface KeywordAutomaton {
  /** Transitions: key = state * 65536 + code unit. One flat map is compact and fast to build. */
  readonly next: Map<number, number>;
  /** Failure link of each state. */
  readonly fail: Int32Array;
  /** Pattern ending exactly at this state, or -1. */
  readonly terminal: Int32Array;
  /** Nearest state on the failure chain (excluding itself) that is terminal, or -1. */
  readonly outLink: Int32Array;
  readonly patterns: readonly string[];
  /** Exact lookup for keywordMatchMode 'exact'. */
  readonly byText: ReadonlyMap<string, number>;
  /** Scratch for de-duplicating hits within one scan (a generation stamp per pattern). */
  readonly seen: Int32Array;
  generation: number;
}

export function buildAutomaton(patterns: readonly string[]): KeywordAutomaton {
  const next = new Map<number, number>();
  // Per state: parent, the code unit that leads to it, and its depth (flat arrays, no per-state objects).
  const parent: number[] = [0];
  const via: number[] = [0];
  const depth: number[] = [0];
  const terminalList: number[] = [-1];
  let maxDepth = 0;
  patterns.forEach((p, id) => {
    let s = 0;
    for (let i = 0; i < p.length; i++) {
      const c = p.charCodeAt(i);
      const key = s * 65536 + c;
      let t = next.get(key);
      if (t === undefined) {
        t = parent.length;
        next.set(key, t);
        parent.push(s);
        via.push(c);
        depth.push(i + 1);
        terminalList.push(-1);
      }
      s = t;
    }
    if (p.length > 0) terminalList[s] = id;
    if (p.length > maxDepth) maxDepth = p.length;
  });
  const states = parent.length;
  const fail = new Int32Array(states);
  const terminal = Int32Array.from(terminalList);
  const outLink = new Int32Array(states).fill(-1);
  // States in order of depth (counting sort): a failure target is always shallower, so finished first.
  const start = new Int32Array(maxDepth + 2);
  for (let t = 1; t < states; t++) start[depth[t]! + 1]!++;
  for (let d = 1; d <= maxDepth + 1; d++) start[d]! += start[d - 1]!;
  const order = new Int32Array(states);
  for (let t = 1; t < states; t++) order[start[depth[t]!]!++] = t;
  for (let i = 0; i < states - 1; i++) {
    const t = order[i]!;
    const c = via[t]!;
    let f = parent[t]!;
    let target: number | undefined;
    while (f !== 0) {
      f = fail[f]!;
      target = next.get(f * 65536 + c);
      if (target !== undefined) break;
    }
    const ft = target !== undefined && target !== t ? target : 0;
    fail[t] = ft;
    outLink[t] = terminal[ft]! >= 0 ? ft : outLink[ft]!;
  }
  const byText = new Map<string, number>();
  patterns.forEach((p, id) => byText.set(p, id));
  return {
    next,
    fail,
    terminal,
    outLink,
    patterns,
    byText,
    seen: new Int32Array(patterns.length),
    generation: 0,
  };
}

/** Distinct ids of the patterns found anywhere in `text`. */
export function findAll(a: KeywordAutomaton, text: string): number[] {
  const hits: number[] = [];
  if (a.patterns.length === 0) return hits;
  const gen = ++a.generation;
  if (gen === 0x7fffffff) {
    a.seen.fill(0);
    a.generation = 1;
  }
  const stamp = a.generation;
  let s = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let t = a.next.get(s * 65536 + c);
    while (t === undefined && s !== 0) {
      s = a.fail[s]!;
      t = a.next.get(s * 65536 + c);
    }
    s = t ?? 0;
    for (let o = a.terminal[s]! >= 0 ? s : a.outLink[s]!; o >= 0; o = a.outLink[o]!) {
      const id = a.terminal[o]!;
      if (a.seen[id] !== stamp) {
        a.seen[id] = stamp;
        hits.push(id);
      }
    }
  }
  return hits;
}

/** keywordMatchMode 'exact': the whole sentence must be one keyword. */
export function findExact(a: KeywordAutomaton, text: string): number[] {
  const id = a.byText.get(text);
  return id === undefined ? [] : [id];
}

/** Every occurrence in `text`: calls `hit(id, end)` with the offset just past the match. */
export function scan(a: KeywordAutomaton, text: string, hit: (id: number, end: number) => void): void {
  if (a.patterns.length === 0) return;
  let s = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let t = a.next.get(s * 65536 + c);
    while (t === undefined && s !== 0) {
      s = a.fail[s]!;
      t = a.next.get(s * 65536 + c);
    }
    s = t ?? 0;
    for (let o = a.terminal[s]! >= 0 ? s : a.outLink[s]!; o >= 0; o = a.outLink[o]!)
      hit(a.terminal[o]!, i + 1);
  }
}
