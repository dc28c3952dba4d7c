import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

const partial = (start: number, end: number) => ({ kind: 'partial', range: { start, end } });

describe('parseRange', () => {
  it('answers the forms browsers send when seeking', () => {
    expect(parseRange('bytes=0-', 1000)).toEqual(partial(0, 999));
    expect(parseRange('bytes=100-199', 1000)).toEqual(partial(100, 199));
    expect(parseRange('bytes=-100', 1000)).toEqual(partial(900, 999));
    expect(parseRange('BYTES = 5 - 5', 1000)).toEqual(partial(5, 5));
  });

  it('clamps an end past the file, and a suffix longer than the file', () => {
    expect(parseRange('bytes=900-5000', 1000)).toEqual(partial(900, 999));
    expect(parseRange('bytes=-5000', 1000)).toEqual(partial(0, 999));
  });

  it('refuses a start past the end, and an empty suffix', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=2000-3000', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('sends the whole file for no range, several ranges, other units and nonsense', () => {
    for (const header of [undefined, 'bytes=0-1,5-9', 'items=0-5', 'bytes=9-3', 'bytes=-', 'bytes=a-b', '']) {
      expect(parseRange(header, 1000), String(header)).toEqual({ kind: 'whole' });
    }
  });
});
