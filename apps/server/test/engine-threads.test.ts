import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { threadsForMachine } from '../src/adapters/engines/idle-thread-pool';

const GB = 1024 ** 3;

describe('engine threads for the machine (FACE_WORKERS, BIB_WORKERS)', () => {
  it('takes a configured positive number as it is, even beyond the cores', () => {
    expect(threadsForMachine('3', GB)).toBe(3);
    expect(threadsForMachine('64', GB)).toBe(64);
  });

  it('ignores a configuration that is not a positive whole number', () => {
    for (const wrong of ['0', '-2', '1.5', 'two', '', undefined]) {
      expect(threadsForMachine(wrong, GB)).toBe(threadsForMachine(undefined, GB));
    }
  });

  it('gives one per core when memory allows, and one when an engine needs more than the machine has', () => {
    expect(threadsForMachine(undefined, 1)).toBe(availableParallelism());
    expect(threadsForMachine(undefined, 10_000 * GB)).toBe(1);
  });
});
