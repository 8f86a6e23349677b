// POST /fsapi/xml: FreeSWITCH fetches its SIP gateways from us through mod_xml_curl.
//
// Why mod_xml_curl: lines live in PostgreSQL and change from the web pages; with xml_curl bound to
// the `configuration` section, FreeSWITCH asks for sofia.conf when mod_sofia loads and on every
// `sofia profile external rescan`, so a line edit reaches every node without writing files on the
// FreeSWITCH hosts. After a change the server publishes `lines:changed` (domain/media.ts) and the
// media worker of each node runs the rescan (and `killgw` for removed gateways).
//
// The request (src/mod/xml_int/mod_xml_curl/mod_xml_curl.c, xml_url_fetch): an
// application/x-www-form-urlencoded POST of
//   hostname=<switchname>&section=<section>&tag_name=<tag>&key_name=<key>&key_value=<value>
// followed by the fetch's event headers (switch_event_build_param_string), e.g. `profile` and
// `reconfig` when sofia reloads one profile. For sofia.conf: section=configuration,
// tag_name=configuration, key_name=name, key_value=sofia.conf. Credentials come from the binding's
// `gateway-credentials` (user:password) with `auth-scheme` basic (the default, CURLAUTH_BASIC).
// Anything but HTTP 200 with a parsable document makes FreeSWITCH log an error and fall back to its
// static files; the documented "nothing here" answer is the not-found result document.
//
// xml_curl.conf.xml on a node:
//   <binding name="callplat"><param name="gateway-url" value="http://<server>/fsapi/xml" bindings="configuration"/>
//   <param name="gateway-credentials" value="$FS_XML_CURL_USER:$FS_XML_CURL_PASSWORD"/></binding>
import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { decryptSecret } from '../../../../config/secrets';
import { lineGatewayName } from '../../../../domain/telephony-config';
import { log } from '../../lib/log';
import { directoryAnswer } from '../softphone/directory';
import { enabledLinesForFreeswitch } from './repo';
import { NOT_FOUND_XML, sofiaConfXml, type SofiaGateway } from './telephonyXml';

const MAX_BODY = 64 * 1024;

async function readForm(ctx: Context): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of ctx.req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > MAX_BODY) return null;
    chunks.push(c);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const sameText = (a: string, b: string) => {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y) && a === b;
};

/** HTTP Basic against the configured credentials; an empty configured password refuses everyone. */
export function basicAuthOk(header: string | undefined, user: string, password: string): boolean {
  if (!password) return false;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m) return false;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return false;
  // Compare both parts every time (no early exit on the user name).
  const okUser = sameText(decoded.slice(0, i), user);
  const okPassword = sameText(decoded.slice(i + 1), password);
  return okUser && okPassword;
}

async function gateways(deps: Deps): Promise<SofiaGateway[]> {
  const out: SofiaGateway[] = [];
  for (const r of await enabledLinesForFreeswitch(deps.db)) {
    let password: string;
    try {
      password = r.password_enc ? decryptSecret(deps.config.secretKey, r.password_enc) : '';
    } catch {
      log.warn('line password cannot be decrypted; gateway skipped', { lineId: Number(r.id) });
      continue;
    }
    out.push({
      name: lineGatewayName(Number(r.id)),
      username: r.auth_account,
      password,
      host: r.server_ip,
      port: r.port,
      register: r.mode === 'register',
      callerNumber: r.caller_number,
      codec: r.codec,
    });
  }
  return out;
}

export function fsapiRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/fsapi' });
  r.post('/xml', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!basicAuthOk(ctx.get('authorization'), deps.config.fsXmlCurlUser, deps.config.fsXmlCurlPassword)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Basic realm="fsapi"');
      ctx.type = 'text/plain';
      ctx.body = 'unauthorized';
      return;
    }
    const form = await readForm(ctx);
    if (!form) {
      ctx.status = 413;
      ctx.type = 'text/plain';
      ctx.body = 'too large';
      return;
    }
    ctx.type = 'text/xml';
    // The web softphone's extensions (bindings="directory"): see ../softphone/directory.ts.
    if (form.get('section') === 'directory') {
      ctx.body = await directoryAnswer(deps.db, deps.config.secretKey, form);
      return;
    }
    const wantsSofia =
      form.get('section') === 'configuration' &&
      form.get('key_value') === 'sofia.conf' &&
      // A reload of one profile names it; we only serve `external`.
      (!form.get('profile') || form.get('profile') === 'external');
    ctx.body = wantsSofia ? sofiaConfXml(await gateways(deps)) : NOT_FOUND_XML;
  });
  return r;
}
