// The development defaults of the two platform secrets, published in this repository, and the rule
// that keeps them out of production: SECRET_KEY seals every secret at rest and keys the phone hashes;
// FS_XML_CURL_PASSWORD guards /fsapi/xml, which hands FreeSWITCH every line's and seat's password in
// clear. Anyone who reads the source knows these values, so a production process refuses to start with
// them (or without a key at all). `npm start` generates local ones once (scripts/localSecrets.ts).

/** SECRET_KEY when none is set, in development and tests only. */
export const DEV_SECRET_KEY = '6b1f3c0e5d7a9b2c4e6f8a0b1c3d5e7f9a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d';
/** FS_XML_CURL_PASSWORD when none is set, in development and tests only. */
export const DEV_FS_XML_CURL_PASSWORD = 'fs-xml-curl-dev';
/** A shorter mod_xml_curl password is guessable; FreeSWITCH's config file is the only other holder. */
export const FS_XML_CURL_PASSWORD_MIN = 16;

/**
 * Why a production configuration must not start, or null. `secretKey`/`fsXmlCurlPassword` are the raw
 * environment values (undefined when unset); an empty FS password is allowed: it turns /fsapi/xml off.
 */
export function productionSecretProblem(
  secretKey: string | undefined,
  fsXmlCurlPassword: string | undefined,
) {
  if (!secretKey)
    return 'SECRET_KEY is not set (64 hex characters; generate one with `openssl rand -hex 32`)';
  if (secretKey.toLowerCase() === DEV_SECRET_KEY)
    return 'SECRET_KEY is the development key published in the source; set a key of your own';
  if (!/^[0-9a-f]{64}$/i.test(secretKey)) return 'SECRET_KEY must be 64 hex characters';
  if (fsXmlCurlPassword === DEV_FS_XML_CURL_PASSWORD)
    return 'FS_XML_CURL_PASSWORD is the development password published in the source; set one of your own (or leave it empty to turn /fsapi/xml off)';
  if (fsXmlCurlPassword && fsXmlCurlPassword.length < FS_XML_CURL_PASSWORD_MIN)
    return `FS_XML_CURL_PASSWORD must be at least ${FS_XML_CURL_PASSWORD_MIN} characters`;
  return null;
}
