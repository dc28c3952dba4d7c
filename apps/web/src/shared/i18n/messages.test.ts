import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/setup';
import { ApiError } from '../api/errors';
import { applyServerErrors } from '../forms/server-errors';
import { i18n } from './i18n';
import ru from './locales/ru.json';
import { translateError, translateMessage } from './messages';

const rateLimited = (seconds?: number) =>
  new ApiError({
    url: '/api/v2/users/login/',
    status: 429,
    code: 'too_many_attempts',
    message: 'Too many attempts.',
    data: seconds === undefined ? {} : { retry_after_seconds: seconds },
  });

beforeAll(async () => {
  await initTestI18n();
  i18n.addResourceBundle('ru', 'translation', ru);
});

describe('the too many attempts message', () => {
  it('counts seconds in the right plural, and long waits in minutes rounded up', () => {
    const t = i18n.getFixedT('en');
    expect(translateError(t, rateLimited(1))).toBe('Too many attempts. Please wait 1 second and try again.');
    expect(translateError(t, rateLimited(30))).toBe(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
    expect(translateError(t, rateLimited(15 * 60))).toBe(
      'Too many attempts. Please wait 15 minutes and try again.',
    );
    expect(translateError(t, rateLimited(61))).toBe(
      'Too many attempts. Please wait 61 seconds and try again.',
    );
    expect(translateError(t, rateLimited(90))).toBe(
      'Too many attempts. Please wait 2 minutes and try again.',
    );
    expect(translateError(t, rateLimited())).toBe('Too many attempts. Please wait a moment and try again.');
  });

  it('uses the Slavic plural forms', () => {
    const t = i18n.getFixedT('ru');
    expect(translateError(t, rateLimited(1))).toContain('Подождите 1 секунду ');
    expect(translateError(t, rateLimited(3))).toContain('Подождите 3 секунды ');
    expect(translateError(t, rateLimited(30))).toContain('Подождите 30 секунд ');
    expect(translateError(t, rateLimited(15 * 60))).toContain('Подождите 15 минут ');
  });

  it('keeps the plural when the message comes back from a form, whose values are strings', () => {
    const set: { message?: string; types?: Record<string, string> }[] = [];
    applyServerErrors(rateLimited(60), (_name, error) => set.push(error as (typeof set)[number]), []);
    const [error] = set;
    expect(translateMessage(i18n.getFixedT('en'), error!.message!, error!.types)).toBe(
      'Too many attempts. Please wait 60 seconds and try again.',
    );
    expect(translateMessage(i18n.getFixedT('en'), 'gallery.unknown')).toBe(
      'This gallery does not belong to this event, or it no longer exists.',
    );
  });
});
