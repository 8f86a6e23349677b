// Where the simulated switch learns its users: the same user directory FreeSWITCH fetches through
// mod_xml_curl (`bindings="directory"`), asked the way FreeSWITCH 1.10.12 asks it:
// - a REGISTER (sofia_reg_parse_auth): user=<the digest user name the phone authenticates with>,
//   action=sip_auth, sip_auth_method=REGISTER, sip_auth_username, sip_to_user=<the extension in To>;
//   the answer's <user id="<that name>"> gives the password; the registration is then bound to the To
//   user (sofia_contact(*/8001@…) finds it by extension);
// - `bridge user/8001` / `originate user/8001` (mod_dptools user_outgoing_channel): user=<extension>,
//   action=user_call; the answer's `dial-string` param says where to ring. Checked on the real switch:
//   no such user -> SUBSCRIBER_ABSENT, no dial-string -> MANDATORY_IE_MISSING, a dial-string but no
//   registration -> USER_NOT_REGISTERED.
// FreeSWITCH knows no other lookup: not by extension for a REGISTER, and no `auth-name` param.
// The platform's POST /fsapi/xml answers (HTTP Basic, FS_XML_CURL_USER / FS_XML_CURL_PASSWORD). Nothing
// is cached: a password changed on the seats page counts at the next REGISTER.

export interface DirectoryUser {
  /** The <user id> the answer holds (the name asked for). */
  id: string;
  password: string;
  /** The `dial-string` param (user's, else the domain's); null when the answer has none. */
  dialString: string | null;
}

/** What FreeSWITCH puts in the lookup besides user and domain (action, sip_auth_* …). */
export type DirectoryParams = Record<string, string>;

/** Looks a user up by the name FreeSWITCH would ask for; null when the directory does not know it. */
export type Directory = (
  user: string,
  domain: string,
  params: DirectoryParams,
) => Promise<DirectoryUser | null>;

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const paramsOf = (block: string) => {
  const params = new Map<string, string>();
  for (const p of block.matchAll(/<param\s+name="([^"]*)"\s+value="([^"]*)"\s*\/>/g))
    params.set(unescapeXml(p[1]!), unescapeXml(p[2]!));
  return params;
};

/** Reads the user `<user id="<id>">` out of a mod_xml_curl directory document (pure). */
export function parseDirectoryXml(xml: string, id: string): DirectoryUser | null {
  for (const d of xml.matchAll(/<domain\s+[^>]*>([\s\S]*?)<\/domain>/g)) {
    // Domain-wide params (outside any <user>) apply to every user, as switch_xml_locate_user_merged does.
    const domainParams = paramsOf(d[1]!.replace(/<user\s[\s\S]*?<\/user>/g, ''));
    for (const u of d[1]!.matchAll(/<user\s+[^>]*id="([^"]*)"[^>]*>([\s\S]*?)<\/user>/g)) {
      if (unescapeXml(u[1]!) !== id) continue;
      const params = new Map([...domainParams, ...paramsOf(u[2]!)]);
      const password = params.get('password');
      if (!password) return null;
      return { id, password, dialString: params.get('dial-string') || null };
    }
  }
  return null;
}

/** A Directory backed by the platform's POST /fsapi/xml. */
export function xmlCurlDirectory(opts: { url: string; user: string; password: string }): Directory {
  const auth = `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString('base64')}`;
  return async (user, domain, params) => {
    const form = new URLSearchParams({
      hostname: 'callplat-sim',
      section: 'directory',
      tag_name: 'domain',
      key_name: 'name',
      key_value: domain,
      key: 'id',
      user,
      domain,
      ...params,
    });
    const res = await fetch(opts.url, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`directory fetch: HTTP ${res.status}`);
    return parseDirectoryXml(await res.text(), user);
  };
}

/** A fixed directory (tests of the simulator alone): users by id, as the XML would hold them. */
export const staticDirectory =
  (users: DirectoryUser[]): Directory =>
  async (user) =>
    users.find((u) => u.id === user) ?? null;
