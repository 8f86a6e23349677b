// POST /fsapi/xml: FreeSWITCH fetches its SIP profiles and the seats' directory from us through
// mod_xml_curl (the node's configuration: config/freeswitch).
//
// Why mod_xml_curl: lines live in PostgreSQL and change from the web pages; with xml_curl bound to
// the `configuration` section, FreeSWITCH asks for sofia.conf when mod_sofia loads (once per profile,
// with `profile=<name>`) and on every `sofia profile external rescan`, so a line edit reaches every
// node without writing files on the FreeSWITCH hosts. After a change the server publishes
// `lines:changed` (domain/media.ts) and the media worker of each node applies it. We serve two
// profiles (telephonyXml.ts): `external` (one gateway per line) and `internal` (the seats: SIP, WS,
// and WSS when FS_WSS_PORT is set); a request naming a profile gets that one.
//
// The request (src/mod/xml_int/mod_xml_curl/mod_xml_curl.c, xml_url_fetch): an
// application/x-www-form-urlencoded POST of
//   hostname=<switchname>&section=<section>&tag_name=<tag>&key_name=<key>&key_value=<value>
// followed by the fetch's event headers (switch_event_build_param_string), e.g. `profile` when sofia
// loads or reloads one profile. For sofia.conf: section=configuration, tag_name=configuration,
// key_name=name, key_value=sofia.conf. Credentials come from the binding's `gateway-credentials`
// (user:password) with `auth-scheme` basic. Anything but HTTP 200 with a parsable document makes
// FreeSWITCH log an error and fall back to its static files; the documented "nothing here" answer is
// the not-found result document, which every other configuration file gets (config/freeswitch has
// them all). The directory (bindings="directory"): see ../softphone/directory.ts.
//
// xml_curl.conf.xml on a node (config/freeswitch/autoload_configs):
//   <binding name="callplat"><param name="gateway-url" value="$${cp_fsapi_url}/xml" bindings="configuration|directory"/>
//   <param name="gateway-credentials" value="$${cp_fsapi_user}:$${cp_fsapi_password}"/></binding>
//
// POST /fsapi/cdr: mod_json_cdr posts each leg's CDR when it ends; a softphone's leg is charged
// (../softphone/cdr.ts), every other leg (robot calls, carriers' legs) is answered 200 at once.
// json_cdr.conf.xml on a node: url $${cp_fsapi_url}/cdr, auth-scheme basic, cred user:password,
// encode false (a JSON body; with disable-100-continue curl labels it x-www-form-urlencoded, so raw
// JSON is read whatever the Content-Type; the form field cdr=<json> of `encode true` and its base64
// form are read too), queue-capacity (posts from the module's own thread, so the end of a call never
// waits for us), retries 5. Every answer but 2xx makes the switch retry: a CDR we cannot use is
// answered 200 and logged, a malformed one 400.
import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { decryptSecret } from '../../../../platform/secrets';
import { lineGatewayName } from '../../../../domain/telephony-config';
import { log } from '../../../../platform/log';
import { Code } from '../../../../domain/api';
import { softphoneCdrOf } from '../../../../domain/cdr';
import { rememberOutboundLeg } from '../../dialer/lostOutbound';
import { recordSoftphoneCdr } from '../softphone/cdr';
import { directoryAnswer } from '../softphone/directory';
import { enabledLinesForFreeswitch } from './repo';
import {
  NOT_FOUND_XML,
  SOFIA_PROFILES,
  sofiaConfXml,
  type SofiaGateway,
  type SofiaProfileName,
} from './telephonyXml';

const MAX_BODY = 64 * 1024;

/** A CDR document with every variable is larger than a directory fetch. */
const MAX_CDR_BODY = 512 * 1024;

async function readBody(ctx: Context, max: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of ctx.req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > max) return null;
    chunks.push(c);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readForm(ctx: Context): Promise<URLSearchParams | null> {
  const body = await readBody(ctx, MAX_BODY);
  return body === null ? null : new URLSearchParams(body);
}

/**
 * The CDR document of a mod_json_cdr post; null when none parses. Raw JSON is read whatever the
 * Content-Type says: with disable-100-continue, mod_json_cdr replaces its header list, so curl labels
 * an `encode false` body application/x-www-form-urlencoded. Then the form field cdr=<json> (encode
 * true) and its base64 form (encode base64).
 */
export function cdrDocument(contentType: string, body: string): unknown {
  const parse = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  };
  const raw = parse(body);
  if (raw !== null || !/x-www-form/i.test(contentType)) return raw;
  const field = new URLSearchParams(body).get('cdr');
  if (field === null) return null;
  return parse(field) ?? parse(Buffer.from(field, 'base64').toString('utf8'));
}

function answer(ctx: Context, status: number, code: number, message: string, data: unknown = null) {
  ctx.status = status;
  ctx.body = { code, message, data };
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
  r.post('/cdr', async (ctx) => {
    if (!basicAuthOk(ctx.get('authorization'), deps.config.fsXmlCurlUser, deps.config.fsXmlCurlPassword)) {
      ctx.set('WWW-Authenticate', 'Basic realm="fsapi"');
      return answer(ctx, 401, Code.Unauthorized, 'unauthorized');
    }
    const body = await readBody(ctx, MAX_CDR_BODY);
    if (body === null) return answer(ctx, 413, Code.PayloadTooLarge, 'too large');
    const doc = cdrDocument(ctx.get('content-type'), body);
    const cdr = softphoneCdrOf(doc);
    if (typeof cdr === 'string' && cdr !== 'other') return answer(ctx, 400, Code.BadRequest, cdr);
    if (cdr === 'other') {
      // A robot call's leg: how it ended is kept a while for a call whose worker died (lostOutbound.ts).
      await rememberOutboundLeg(deps, doc);
      return answer(ctx, 200, Code.Ok, 'not a softphone leg', { kind: 'other' });
    }
    const out = await recordSoftphoneCdr(deps, cdr);
    if (out.kind === 'busy') {
      // Too many CDRs waiting for a connection: not taken, so the switch posts it again later.
      ctx.set('Retry-After', '5');
      return answer(ctx, 503, Code.ServiceUnavailable, 'busy');
    }
    if (out.kind === 'unknownExtension')
      log.warn('softphone CDR for an extension no seat has; not charged', {
        uuid: cdr.uuid,
        extension: cdr.extension,
      });
    answer(ctx, 200, Code.Ok, out.kind, out);
  });
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
    if (form.get('section') !== 'configuration' || form.get('key_value') !== 'sofia.conf') {
      ctx.body = NOT_FOUND_XML;
      return;
    }
    // A reload or rescan of one profile names it: that one, or not found for a profile not ours.
    const profile = form.get('profile') || undefined;
    if (profile && !SOFIA_PROFILES.includes(profile as SofiaProfileName)) {
      ctx.body = NOT_FOUND_XML;
      return;
    }
    ctx.body = sofiaConfXml(await gateways(deps), {
      profile: profile as SofiaProfileName | undefined,
      wssPort: deps.config.fsWssPort,
    });
  });
  return r;
}
