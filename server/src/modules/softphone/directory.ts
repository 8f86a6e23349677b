// The user directory FreeSWITCH (and the simulator's registrar, media/src/sim/sipws/directory.ts)
// fetches through mod_xml_curl to authenticate a REGISTER: section=directory with `user` and `domain`.
// Extensions are unique on the platform, so the domain does not select a tenant. The answer is one
// <user id="<extension>"> with the password (decrypted: like line passwords, it leaves the platform
// only towards the switch) and `auth-name`, the seat's SIP auth name (the digest username).
import type { Knex } from 'knex';
import { decryptSecret } from '../../../../config/secrets';
import { isExtension } from '../../../../domain/seats';
import { NOT_FOUND_XML, xmlEscape } from '../dialcenter/telephonyXml';

export interface DirectoryEntry {
  extension: string;
  authName: string;
  password: string;
}

export function directoryXml(domain: string, u: DirectoryEntry): string {
  const p = (name: string, value: string) => `<param name="${xmlEscape(name)}" value="${xmlEscape(value)}"/>`;
  return [
    '<document type="freeswitch/xml">',
    '<section name="directory">',
    `<domain name="${xmlEscape(domain)}">`,
    `<user id="${xmlEscape(u.extension)}">`,
    `<params>${p('password', u.password)}${p('auth-name', u.authName)}</params>`,
    `<variables><variable name="user_context" value="default"/></variables>`,
    '</user>',
    '</domain>',
    '</section>',
    '</document>',
  ].join('');
}

/** The directory answer for a mod_xml_curl form, or the not-found document. */
export async function directoryAnswer(db: Knex, secretKey: string, form: URLSearchParams): Promise<string> {
  const ext = form.get('user') ?? '';
  if (!isExtension(ext)) return NOT_FOUND_XML;
  const row = await db('seats')
    .where({ extension: ext, type: 'extension', enabled: true })
    .first('extension', 'auth_name', 'auth_password_enc');
  if (!row?.auth_password_enc) return NOT_FOUND_XML;
  let password: string;
  try {
    password = decryptSecret(secretKey, row.auth_password_enc);
  } catch {
    return NOT_FOUND_XML;
  }
  return directoryXml(form.get('domain') ?? '', {
    extension: row.extension,
    authName: row.auth_name,
    password,
  });
}
