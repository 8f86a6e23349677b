import { byteRange } from './range';

describe('byteRange', () => {
  it.each([
    [undefined, 100, { kind: 'full' }],
    ['', 100, { kind: 'full' }],
    ['bytes=0-', 100, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=0-0', 100, { kind: 'partial', start: 0, end: 0 }],
    ['bytes=10-19', 100, { kind: 'partial', start: 10, end: 19 }],
    ['bytes=90-500', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-10', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-500', 100, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=100-150', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    // Ignored: the whole file is sent.
    ['bytes=20-10', 100, { kind: 'full' }],
    ['bytes=0-1,5-6', 100, { kind: 'full' }],
    ['items=0-1', 100, { kind: 'full' }],
    ['bytes=-', 100, { kind: 'full' }],
    ['bytes=abc', 100, { kind: 'full' }],
  ])('%s of %i bytes', (header, size, want) => {
    expect(byteRange(header, size)).toEqual(want);
  });
});
