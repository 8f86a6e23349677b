// A production process refuses the development secrets published in the source: the config loader is
// run as its own process with NODE_ENV=production, as the server and the media worker load it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEV_FS_XML_CURL_PASSWORD, DEV_SECRET_KEY, productionSecretProblem } from './devSecrets';
import { loadConfig } from './index';
import { ensureLocalSecrets } from '../scripts/localSecrets';

const root = path.join(__dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const OWN_KEY = 'c'.repeat(64);

/** Loads the configuration in a fresh process with exactly these variables (plus PATH). */
function loadIn(env: Record<string, string>) {
  return spawnSync(tsx, ['-e', "require('./config').loadConfig(); console.log('loaded')"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('production start', () => {
  it('is refused with the built-in SECRET_KEY, with none, and with the development FS credential', () => {
    const noKey = loadIn({ NODE_ENV: 'production' });
    expect(noKey.status).not.toBe(0);
    expect(noKey.stderr).toMatch(/refusing to start in production: SECRET_KEY is not set/);

    const devKey = loadIn({ NODE_ENV: 'production', SECRET_KEY: DEV_SECRET_KEY });
    expect(devKey.status).not.toBe(0);
    expect(devKey.stderr).toMatch(/SECRET_KEY is the development key/);

    const devFs = loadIn({
      NODE_ENV: 'production',
      SECRET_KEY: OWN_KEY,
      FS_XML_CURL_PASSWORD: DEV_FS_XML_CURL_PASSWORD,
    });
    expect(devFs.status).not.toBe(0);
    expect(devFs.stderr).toMatch(/FS_XML_CURL_PASSWORD is the development password/);
    expect(devFs.stdout).not.toContain('loaded');
  }, 120_000);

  it('the server and the media worker exit before touching anything', () => {
    for (const [main, said] of [
      [
        'server/src/main.ts',
        /Server failed to start: refusing to start in production: SECRET_KEY is the development key/,
      ],
      [
        'media/src/main.ts',
        /media worker failed to start: refusing to start in production: SECRET_KEY is the development key/,
      ],
    ] as const) {
      const r = spawnSync(tsx, [main], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', SECRET_KEY: DEV_SECRET_KEY, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(said);
    }
  }, 120_000);

  it('starts with secrets of its own (an empty FS password turns /fsapi/xml off)', () => {
    const own = loadIn({ NODE_ENV: 'production', SECRET_KEY: OWN_KEY, FS_XML_CURL_PASSWORD: 'x'.repeat(24) });
    expect(own.stderr).toBe('');
    expect(own.stdout).toContain('loaded');
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: OWN_KEY }).fsXmlCurlPassword).toBe('');
  }, 60_000);

  it('checks the key and the password', () => {
    expect(productionSecretProblem(DEV_SECRET_KEY.toUpperCase(), undefined)).toMatch(/development key/);
    expect(productionSecretProblem('abc', undefined)).toMatch(/64 hex/);
    expect(productionSecretProblem(OWN_KEY, 'short')).toMatch(/at least 16/);
    expect(productionSecretProblem(OWN_KEY, '')).toBeNull();
    expect(productionSecretProblem(OWN_KEY, undefined)).toBeNull();
  });

  it('development and tests keep their defaults', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).secretKey).toBe(DEV_SECRET_KEY);
    expect(loadConfig({}).fsXmlCurlPassword).toBe(DEV_FS_XML_CURL_PASSWORD);
  });
});

describe('npm start local secrets', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const read = (file: string) =>
    Object.fromEntries(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );

  it('makes fresh secrets once for a new database and keeps them', () => {
    const file = path.join(dir, '.secrets.local.env');
    expect(ensureLocalSecrets(file, {}, false).created).toBe(true);
    const first = read(file);
    expect(first.SECRET_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(first.SECRET_KEY).not.toBe(DEV_SECRET_KEY);
    expect(first.FS_XML_CURL_PASSWORD).not.toBe(DEV_FS_XML_CURL_PASSWORD);
    expect(productionSecretProblem(first.SECRET_KEY, first.FS_XML_CURL_PASSWORD)).toBeNull();
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(ensureLocalSecrets(file, {}, false).created).toBe(false);
    expect(read(file)).toEqual(first);
  });

  it('keeps the key an existing database was sealed with, and says so', () => {
    const file = path.join(dir, '.secrets.local.env');
    const r = ensureLocalSecrets(file, {}, true, 'callplat');
    expect(read(file).SECRET_KEY).toBe(DEV_SECRET_KEY);
    expect(read(file).FS_XML_CURL_PASSWORD).not.toBe(DEV_FS_XML_CURL_PASSWORD);
    expect(r.notes.join('\n')).toMatch(/dropdb callplat/);
  });

  it('leaves out what the environment already sets', () => {
    const file = path.join(dir, '.secrets.local.env');
    ensureLocalSecrets(file, { SECRET_KEY: OWN_KEY, FS_XML_CURL_PASSWORD: '' }, true);
    expect(read(file)).toEqual({});
  });
});
