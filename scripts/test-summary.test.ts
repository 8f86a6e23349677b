import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { summarize, summarizeFile, verdict } from './test-summary';

describe('summarize', () => {
  it('reads passed and failed tests', () => {
    expect(summarize({ numPassedTests: 12, numFailedTests: 0, numRuntimeErrorTestSuites: 0 }).line).toBe(
      '12 passed, 0 failed',
    );
    expect(summarize({ numPassedTests: 3, numFailedTests: 2, numRuntimeErrorTestSuites: 0 })).toEqual({
      passed: 3,
      failed: 2,
      line: '3 passed, 2 failed',
    });
  });
  it('counts suites that failed to run as failures', () => {
    expect(summarize({ numPassedTests: 5, numFailedTests: 1, numRuntimeErrorTestSuites: 2 }).line).toBe(
      '5 passed, 3 failed',
    );
  });
  it('treats missing fields as zero', () => {
    expect(summarize({}).line).toBe('0 passed, 0 failed');
  });
});

describe('summarizeFile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-summary-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads a jest --json file', () => {
    const file = path.join(dir, 'ok.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ numPassedTests: 7, numFailedTests: 1, numRuntimeErrorTestSuites: 0 }),
    );
    expect(summarizeFile(file)).toEqual({ passed: 7, failed: 1, line: '7 passed, 1 failed' });
  });
  it('reports a missing file as one failure with the reason', () => {
    const s = summarizeFile(path.join(dir, 'missing.json'));
    expect(s.line).toBe('0 passed, 1 failed');
    expect(s.problem).toMatch(/no jest result in .*missing\.json/);
  });
  it('reports a truncated file as one failure', () => {
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(file, '{"numPassedTests": 3');
    expect(summarizeFile(file).line).toBe('0 passed, 1 failed');
  });
});

describe('verdict', () => {
  it("names jest's reasons for its exit code", () => {
    const line = verdict({ success: true, numFailedTestSuites: 0, snapshot: { failure: false } });
    expect(line).toBe('jest result: {"success":true,"suitesFailed":0,"snapshot":{"failure":false}}');
  });
});
