// What `npm start` prints once the server answers: where to go and how to log in.
import { loadConfig } from '../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../config/demo';

const LEVEL_NAMES: Record<number, string> = { 0: 'super administrator', 1: 'user', 2: 'merchant' };

export function startInfo(port: number): string {
  const logins = DEMO_ACCOUNTS.map(
    (a) => `  ${(LEVEL_NAMES[a.level] ?? `level ${a.level}`).padEnd(20)} ${a.account}`,
  );
  return [
    `CallPlat is running at http://localhost:${port}`,
    `Demo logins (password ${DEMO_PASSWORD}):`,
    ...logins,
    'Press Ctrl-C to stop.',
  ].join('\n');
}

if (require.main === module) console.log(startInfo(loadConfig().port));
