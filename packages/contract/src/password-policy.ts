import { z } from 'zod';

/**
 * One password policy for every language: the strictest rule any catalogue of the original
 * product stated (at least one number, one capital letter and one special character), plus a
 * length floor of 8 and a ceiling that keeps hashing cheap.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Message keys (i18n) for each rule, in the order they are shown to the user. */
export const passwordRules = [
  { key: 'password.rule.length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { key: 'password.rule.number', test: (p: string) => /\p{Nd}/u.test(p) },
  { key: 'password.rule.capital', test: (p: string) => /\p{Lu}/u.test(p) },
  { key: 'password.rule.special', test: (p: string) => /[^\p{L}\p{Nd}\s]/u.test(p) },
] as const;

export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, { message: 'password.rule.max' })
  .superRefine((value, ctx) => {
    for (const rule of passwordRules) {
      if (!rule.test(value)) ctx.addIssue({ code: 'custom', message: rule.key });
    }
  });
