// Four projects: unit (pure, fast), integration (real PostgreSQL + Redis), e2e (Chromium), fs (a real
// FreeSWITCH with SIPp as the carrier, e2e/fs; skipped where /opt/freeswitch is not installed).
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
  ],
};
// test/environment.ts: Node's, with logs after a file has ended marked instead of failing the run.
const base = {
  transform,
  testEnvironment: '<rootDir>/test/environment.ts',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};

module.exports = {
  projects: [
    {
      ...base,
      displayName: 'unit',
      testPathIgnorePatterns: [
        '/node_modules/',
        '\\.int\\.test\\.ts$',
        '\\.e2e\\.test\\.ts$',
        '\\.fs\\.test\\.ts$',
      ],
      testMatch: [
        '<rootDir>/{domain,platform,client,media,config,scripts}/**/*.test.{ts,tsx}',
        '<rootDir>/server/**/*.unit.test.ts',
      ],
    },
    {
      ...base,
      displayName: 'integration',
      setupFilesAfterEnv: ['<rootDir>/test/slowTimeout.ts'],
      testMatch: [
        '<rootDir>/server/**/*.int.test.ts',
        '<rootDir>/media/**/*.int.test.ts',
        '<rootDir>/scripts/**/*.int.test.ts',
        '<rootDir>/platform/**/*.int.test.ts',
      ],
      globalSetup: '<rootDir>/test/globalSetup.ts',
      globalTeardown: '<rootDir>/test/globalTeardown.ts',
    },
    {
      ...base,
      displayName: 'e2e',
      setupFilesAfterEnv: ['<rootDir>/test/slowTimeout.ts'],
      testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
      globalSetup: '<rootDir>/test/globalSetup.ts',
      globalTeardown: '<rootDir>/test/globalTeardown.ts',
    },
    {
      ...base,
      displayName: 'fs',
      setupFilesAfterEnv: ['<rootDir>/test/slowTimeout.ts'],
      testMatch: ['<rootDir>/**/*.fs.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      globalSetup: '<rootDir>/test/globalSetup.ts',
      globalTeardown: '<rootDir>/test/globalTeardown.ts',
    },
  ],
};
