import { isLanguage, LANGUAGES } from '@fotodrop/contract/languages';
import { useId } from 'react';
import { useRevalidator } from 'react-router';
import { updateLanguageOnServer } from '../auth/update-language';
import { LANGUAGE_NAMES, switchLanguage } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import { useAppStore } from '../store/app-store';

/** Language select with native names. Stores the choice and tells the server when logged in. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, language } = useTranslation();
  const id = useId();
  const revalidator = useRevalidator();
  const current = isLanguage(language) ? language : 'en';

  async function change(value: string) {
    if (!isLanguage(value)) return;
    await switchLanguage(value);
    if (useAppStore.getState().token) void updateLanguageOnServer(value);
    // the organisation config carries texts in the current language
    void revalidator.revalidate();
  }

  return (
    <div className={['language-switcher', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field-label">
        {t('language.label')}
      </label>
      <select id={id} className="input select" value={current} onChange={(e) => void change(e.target.value)}>
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
