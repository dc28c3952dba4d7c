import { checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RecordedRequest, startTestServer } from '../../test/http-server';
import { initTestI18n, resetApp } from '../../test/setup';
import { callEndpoint } from './client';
import { ApiError, isStepRequired, StepRequiredError } from './errors';

let server: Awaited<ReturnType<typeof startTestServer>>;
let answer: (req: RecordedRequest) => { status: number; body?: unknown } | undefined;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => answer(req));
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
});

const step = {
  id: 41,
  complete_token: 'ct-1',
  checkin_step: 'option_selector',
  form_url: null,
  privacy: null,
  options: [{ id: 'a', label: 'Route A' }],
  fields: [],
};

describe('a 303 step answer', () => {
  it('reaches the caller as a StepRequiredError carrying the step (no Location, so fetch does not follow)', async () => {
    answer = () => ({ status: 303, body: step });
    const error = await callEndpoint(checkinEndpoints.createCheckin, {
      body: { picacode: 'K7M2Q9P', platform: 'site' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StepRequiredError);
    expect(isStepRequired(error)).toBe(true);
    expect((error as StepRequiredError).status).toBe(303);
    expect((error as StepRequiredError).step).toEqual(step);
    // a POST is never repeated
    expect(server.requests).toHaveLength(1);
  });

  it('fills in missing optional parts of the step, and stays a plain ApiError without a usable body', async () => {
    answer = () => ({ status: 303, body: { id: 5, complete_token: 't', checkin_step: 'face_recognition' } });
    const partial = (await callEndpoint(checkinEndpoints.completeCheckin, {
      params: { id: 5 },
      body: { complete_token: 't' },
    }).catch((e: unknown) => e)) as StepRequiredError;
    expect(partial.step).toEqual({
      id: 5,
      complete_token: 't',
      checkin_step: 'face_recognition',
      form_url: null,
      privacy: null,
      options: [],
      fields: [],
    });

    answer = () => ({ status: 303, body: { code: 'odd', message: 'No step.' } });
    const odd = await callEndpoint(checkinEndpoints.createCheckin, {
      body: { picacode: 'K7M2Q9P' },
    }).catch((e: unknown) => e);
    expect(odd).toBeInstanceOf(ApiError);
    expect(isStepRequired(odd)).toBe(false);
    expect((odd as ApiError).status).toBe(303);
  });
});
