// Each e2e file gets its own platform (server, database, SMTP) and its own Chromium.
import { startTestPlatform, type TestPlatform } from '../../test/harness';
import { launchBrowser, type TestBrowser } from './browser';

export interface E2eEnv {
  platform: TestPlatform;
  b: TestBrowser;
}

/**
 * Registers the hooks and returns an object whose fields are set once beforeAll has run. `platform`
 * options go to startTestPlatform (config overrides, e.g. the dial scheduler on).
 */
export function useE2eEnv(
  timeoutMs = 60_000,
  platform: Parameters<typeof startTestPlatform>[0] = {},
): E2eEnv {
  jest.setTimeout(timeoutMs);
  const env = {} as E2eEnv;
  beforeAll(async () => {
    [env.platform, env.b] = await Promise.all([startTestPlatform(platform), launchBrowser()]);
  });
  afterAll(async () => {
    await env.b?.close();
    await env.platform?.close();
  });
  return env;
}
