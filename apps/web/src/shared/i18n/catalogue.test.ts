import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode } from '@fotodrop/contract/errors';
import { passwordRules } from '@fotodrop/contract/password-policy';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A key, or its plural forms (i18next picks `_one` / `_other` from `count`). */
function has(key: string): boolean {
  return hasExactly(key) || (hasExactly(`${key}_one`) && hasExactly(`${key}_other`));
}

function hasExactly(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

describe('the English catalogue', () => {
  it('has every key the code asks for with a literal t("…")', () => {
    const missing: string[] = [];
    for (const file of files(srcDir)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-z_]+)+)'/g)) {
        if (!has(match[1]!)) missing.push(`${match[1]} (${file.slice(srcDir.length)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the keys built from data: notices, profile tabs, password rules, error codes', () => {
    const keys = [
      'auth.notices.password_reset',
      'auth.notices.social_failed',
      'auth.notices.sso_failed',
      'profile.nav.resume',
      'profile.nav.privacy',
      'profile.nav.password',
      ...passwordRules.map((rule) => `validation.${rule.key}`),
      ...Object.values(ErrorCode)
        .filter((code) => code !== ErrorCode.validation && code !== ErrorCode.checkinExistsForUser)
        .map((code) => `errors.codes.${code}`),
    ];
    expect(keys.filter((key) => !has(key))).toEqual([]);
  });

  it('has every validation message key the server and the account schemas send', () => {
    const keys = [
      'field.required',
      'email.invalid',
      'password.mismatch',
      'password.enter',
      'password.rule.length',
      'password.rule.number',
      'password.rule.capital',
      'password.rule.special',
      'password.rule.max',
      'signup.adult_required',
      'signup.terms_required',
      'picacode.invalid',
    ];
    expect(keys.filter((key) => !has(`validation.${key}`))).toEqual([]);
  });

  it('shows the spec wording for the messages it quotes', () => {
    expect(en.validation.picacode.invalid).toBe('The code entered is not valid');
    expect(en.errors.server).toBe('Server error, please try again later');
    expect(en.session_expired.title).toBe('Session expired - please log in again');
  });
});
