import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETRY_COUNT } from '../constants';
import { IDEMPOTENT_METHODS, type RetryInput, retryDelayMs, shouldRetry } from './retry';

const idempotent = fc.constantFrom(...IDEMPOTENT_METHODS, 'get', 'delete');
const unsafe = fc.constantFrom('POST', 'PATCH', 'post');
const anyMethod = fc.oneof(idempotent, unsafe);
const retryable = fc.oneof(fc.integer({ min: 500, max: 599 }), fc.constant(429));
const notRetryable = fc.integer({ min: 100, max: 499 }).filter((s) => s !== 429);
const attempt = fc.integer({ min: 0, max: RETRY_COUNT - 1 });

/** Asserts shouldRetry for every generated input. */
function expectRetry(inputs: fc.Arbitrary<RetryInput>, expected: boolean) {
  fc.assert(
    fc.property(inputs, (input) => {
      expect(shouldRetry(input)).toBe(expected);
    }),
  );
}

describe('retryDelayMs', () => {
  it('doubles from one second', () => {
    expect([0, 1, 2, 3].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), (a) => {
        expect(retryDelayMs(a + 1)).toBe(2 * retryDelayMs(a));
      }),
    );
  });
});

describe('shouldRetry', () => {
  it('retries network errors for any method', () => {
    expectRetry(fc.record({ attempt, method: anyMethod, networkError: fc.constant(true) }), true);
  });

  it('retries 5xx and 429 only for idempotent methods', () => {
    expectRetry(fc.record({ attempt, method: idempotent, status: retryable }), true);
    expectRetry(fc.record({ attempt, method: unsafe, status: retryable }), false);
  });

  it('retries 5xx and 429 of a POST declared idempotent (a metrics batch), never its 4xx', () => {
    expectRetry(
      fc.record({ attempt, method: unsafe, status: retryable, idempotent: fc.constant(true) }),
      true,
    );
    expectRetry(
      fc.record({ attempt, method: unsafe, status: notRetryable, idempotent: fc.constant(true) }),
      false,
    );
  });

  it('never retries other answers', () => {
    expectRetry(fc.record({ attempt, method: anyMethod, status: notRetryable }), false);
    expect(shouldRetry({ attempt: 0, method: 'GET' })).toBe(false);
  });

  it('stops after RETRY_COUNT retries', () => {
    const spent = fc.integer({ min: RETRY_COUNT, max: 100 });
    expectRetry(fc.record({ attempt: spent, method: anyMethod, networkError: fc.constant(true) }), false);
    expectRetry(fc.record({ attempt: spent, method: idempotent, status: retryable }), false);
  });
});
