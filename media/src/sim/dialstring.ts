// `{var=val,…}` prefixes and dial strings, parsed as switch_event_create_brackets
// (src/switch_event.c) and mod_sofia's sofia/gateway/<gw>/<number> endpoint syntax do.

export interface Bracketed {
  vars: Map<string, string>;
  rest: string;
}

/**
 * Strips leading `{…}` / `[…]` / `<…>` blocks into variables. Pairs are split on ',' unless the
 * block starts with `^^X`, which makes X the separator (so values can hold commas).
 */
export function parseBrackets(text: string): Bracketed {
  const vars = new Map<string, string>();
  let rest = text.trimStart();
  for (;;) {
    const open = rest[0];
    const close = open === '{' ? '}' : open === '[' ? ']' : open === '<' ? '>' : null;
    if (!close) break;
    const end = rest.indexOf(close);
    if (end < 0) break;
    let inner = rest.slice(1, end);
    let sep = ',';
    if (inner.startsWith('^^') && inner.length > 2) {
      sep = inner[2]!;
      inner = inner.slice(3);
    }
    for (const pair of inner.split(sep)) {
      const at = pair.indexOf('=');
      if (at > 0) vars.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    rest = rest.slice(end + 1);
  }
  return { vars, rest };
}

export interface Endpoint {
  /** Channel-Name FreeSWITCH would give the leg. */
  channelName: string;
  gateway: string;
  number: string;
}

/** sofia/gateway/<gw>/<number>, sofia/<profile>/<number>[@host], user/<ext>, loopback/<ext>. */
export function parseEndpoint(dial: string): Endpoint | null {
  const parts = dial.split('/');
  if (parts[0] === 'sofia' && parts[1] === 'gateway' && parts.length >= 4) {
    const gateway = parts[2]!;
    const number = parts.slice(3).join('/').split('@')[0]!;
    // FreeSWITCH 1.10.12 names a gateway leg sofia/<its profile>/<number> (ours: external).
    return { channelName: `sofia/external/${number}`, gateway, number };
  }
  if (parts[0] === 'sofia' && parts.length >= 3) {
    const target = parts.slice(2).join('/');
    const number = target.replace(/^sip:/, '').split('@')[0]!;
    return { channelName: `sofia/${parts[1]}/${target}`, gateway: '', number };
  }
  if ((parts[0] === 'user' || parts[0] === 'loopback') && parts.length >= 2) {
    const number = parts[1]!.split('@')[0]!;
    return { channelName: dial, gateway: '', number };
  }
  return null;
}

/** Splits an argument string on spaces, keeping `{…}` blocks (which may hold spaces) whole. */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  for (const c of text) {
    if (c === '{' || c === '[' || c === '<') depth++;
    if (c === '}' || c === ']' || c === '>') depth = Math.max(0, depth - 1);
    if (c === ' ' && depth === 0) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur) out.push(cur);
  return out;
}
