import type { Language } from '@fotodrop/contract/languages';

/**
 * PATCH /v2/users/me/ {language}. Loaded on demand so pages without a logged-in user (home) do not
 * carry the API schemas; a failure only means the server keeps the old language.
 */
export async function updateLanguageOnServer(language: Language): Promise<void> {
  try {
    const { updateMe } = await import('./user');
    await updateMe({ language });
  } catch {
    // the interface already switched; the next change will try again
  }
}
