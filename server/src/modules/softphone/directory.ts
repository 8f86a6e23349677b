// The user directory FreeSWITCH (and the simulator's registrar, media/src/sim/sipws/directory.ts)
// fetches through mod_xml_curl: section=directory with `user` and `domain`. Extensions are unique on
// the platform, so the domain does not select a tenant.
//
// What FreeSWITCH asks (mod_sofia sofia_reg_parse_auth, mod_dptools user_outgoing_channel):
// - a REGISTER or a call from a seat (action=sip_auth): user=<the digest user name>, which is the
//   seat's auth name when the phone has one (the web softphone authenticates as auth_name and
//   registers its extension: To sip:8001@…, sip_to_user=8001); a desk phone may use its extension;
// - `originate user/8001` or `bridge user/8001` (action=user_call): user=<extension>.
// FreeSWITCH then looks for <user id="<user>"> in the answer, so the id echoes the name asked for.
// A REGISTER for an extension other than the authenticating seat's is refused (not found), so one
// seat's credentials cannot take another's extension.
//
// The answer carries the password (decrypted: like line passwords, it leaves the platform only
// towards the switch), our `auth-name` (the simulator's registrar checks the digest name with it),
// the `dial-string` that makes user/<ext> ring where the extension is registered, and the variables
// the `seats` dialplan (config/freeswitch/dialplan/seats.xml) reads for the seat's dial-outs.
import type { Knex } from 'knex';
import { decryptSecret } from '../../../../platform/secrets';
import { lineGatewayName } from '../../../../domain/telephony-config';
import { isExtension } from '../../../../domain/seats';
import { NOT_FOUND_XML, xmlEscape } from '../dialcenter/telephonyXml';

/** The stock directory's dial-string (conf/vanilla/directory/default.xml) without verto. */
export const DIAL_STRING =
  '{^^:sip_invite_domain=${dialed_domain}:presence_id=${dialed_user}@${dialed_domain}}' +
  '${sofia_contact(*/${dialed_user}@${dialed_domain})}';

export interface DirectoryEntry {
  /** The id FreeSWITCH asked for (the extension or the auth name). */
  id: string;
  extension: string;
  authName: string;
  password: string;
  /** The line the seat's dial-outs go out on (its merchant's first enabled line), if any. */
  line: { id: number; prefix: string; callerNumber: string } | null;
}

export function directoryXml(domain: string, u: DirectoryEntry): string {
  const p = (name: string, value: string) => `<param name="${xmlEscape(name)}" value="${xmlEscape(value)}"/>`;
  const v = (name: string, value: string) =>
    `<variable name="${xmlEscape(name)}" value="${xmlEscape(value)}"/>`;
  const vars = [
    v('user_context', 'seats'),
    v('callplat_extension', u.extension),
    v('effective_caller_id_name', u.extension),
    ...(u.line
      ? [
          v('callplat_line', lineGatewayName(u.line.id)),
          v('callplat_line_prefix', u.line.prefix),
          ...(u.line.callerNumber ? [v('effective_caller_id_number', u.line.callerNumber)] : []),
        ]
      : []),
  ];
  return [
    '<document type="freeswitch/xml">',
    '<section name="directory">',
    `<domain name="${xmlEscape(domain)}">`,
    `<user id="${xmlEscape(u.id)}">`,
    `<params>${p('password', u.password)}${p('auth-name', u.authName)}${p('dial-string', DIAL_STRING)}</params>`,
    `<variables>${vars.join('')}</variables>`,
    '</user>',
    '</domain>',
    '</section>',
    '</document>',
  ].join('');
}

const SEAT_COLS = ['id', 'account_id', 'extension', 'auth_name', 'auth_password_enc'];

/** The enabled extension seat FreeSWITCH means by `user`: by extension, else by a unique auth name. */
async function seatFor(db: Knex, user: string) {
  const seats = db('seats').where({ type: 'extension', enabled: true });
  if (isExtension(user)) {
    const byExtension = await seats.clone().where({ extension: user }).first(SEAT_COLS);
    if (byExtension) return byExtension;
  }
  const byAuthName = await seats.clone().where({ auth_name: user }).limit(2).select(SEAT_COLS);
  return byAuthName.length === 1 ? byAuthName[0] : null;
}

/** The first enabled line the seat's account holds (its own or assigned to it). */
async function lineOf(db: Knex, accountId: number) {
  const row = await db('sip_lines')
    .where({ enabled: true })
    .where((q) =>
      q
        .where('account_id', accountId)
        .orWhereIn('id', db('sip_line_assignments').where('account_id', accountId).select('line_id')),
    )
    .orderBy('id')
    .first('id', 'prefix', 'caller_number');
  return row ? { id: Number(row.id), prefix: row.prefix ?? '', callerNumber: row.caller_number ?? '' } : null;
}

/** The directory answer for a mod_xml_curl form, or the not-found document. */
export async function directoryAnswer(db: Knex, secretKey: string, form: URLSearchParams): Promise<string> {
  const user = form.get('user') ?? '';
  if (!user || user.length > 64) return NOT_FOUND_XML;
  const seat = await seatFor(db, user);
  if (!seat?.auth_password_enc) return NOT_FOUND_XML;
  // A REGISTER names the extension it binds in To: only the seat's own.
  const toUser = form.get('sip_to_user');
  if (form.get('sip_auth_method') === 'REGISTER' && toUser && toUser !== seat.extension) return NOT_FOUND_XML;
  let password: string;
  try {
    password = decryptSecret(secretKey, seat.auth_password_enc);
  } catch {
    return NOT_FOUND_XML;
  }
  return directoryXml(form.get('domain') ?? '', {
    id: user,
    extension: seat.extension,
    authName: seat.auth_name,
    password,
    line: await lineOf(db, Number(seat.account_id)),
  });
}
