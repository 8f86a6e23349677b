// Where the registrar learns an extension's credentials: the same user directory FreeSWITCH fetches
// through mod_xml_curl (`bindings="directory"`). A REGISTER makes the registrar POST, like
// mod_xml_curl's xml_url_fetch does for sofia's sip_auth lookup,
//   section=directory&tag_name=domain&key_name=name&key_value=<domain>&user=<ext>&domain=<domain>&action=sip_auth
// to the platform's POST /fsapi/xml (HTTP Basic, FS_XML_CURL_USER / FS_XML_CURL_PASSWORD) and reads
// `<user id="<ext>">` with `<param name="password">` and our `<param name="auth-name">` (the seat's
// SIP auth name: the digest username the softphone must use). Nothing is cached: a password changed on
// the seats page counts at the next REGISTER.

export interface DirectoryUser {
  extension: string;
  authName: string;
  password: string;
}

/** Looks an extension up; null when the directory does not know it. */
export type Directory = (extension: string, domain: string) => Promise<DirectoryUser | null>;

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Reads one user out of a mod_xml_curl directory document (pure). */
export function parseDirectoryXml(xml: string, extension: string): DirectoryUser | null {
  const users = xml.matchAll(/<user\s+[^>]*id="([^"]*)"[^>]*>([\s\S]*?)<\/user>/g);
  for (const u of users) {
    if (unescapeXml(u[1]!) !== extension) continue;
    const params = new Map<string, string>();
    for (const p of u[2]!.matchAll(/<param\s+name="([^"]*)"\s+value="([^"]*)"\s*\/>/g))
      params.set(unescapeXml(p[1]!), unescapeXml(p[2]!));
    const password = params.get('password');
    if (!password) return null;
    return { extension, authName: params.get('auth-name') ?? extension, password };
  }
  return null;
}

/** A Directory backed by the platform's POST /fsapi/xml. */
export function xmlCurlDirectory(opts: { url: string; user: string; password: string }): Directory {
  const auth = `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString('base64')}`;
  return async (extension, domain) => {
    const form = new URLSearchParams({
      hostname: 'callplat-sim',
      section: 'directory',
      tag_name: 'domain',
      key_name: 'name',
      key_value: domain,
      user: extension,
      domain,
      action: 'sip_auth',
    });
    const res = await fetch(opts.url, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`directory fetch: HTTP ${res.status}`);
    return parseDirectoryXml(await res.text(), extension);
  };
}

/** A fixed directory (tests of the simulator alone). */
export const staticDirectory =
  (users: DirectoryUser[]): Directory =>
  async (extension) =>
    users.find((u) => u.extension === extension) ?? null;
