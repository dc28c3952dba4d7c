import { PASSWORD_MIN_LENGTH, passwordRules } from '@fotodrop/contract/password-policy';
import { useTranslation } from '../i18n/use-translation';

/** The password rules as a live checklist under a new-password field. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  return (
    <div className="password-rules" id={id}>
      <p className="password-rules-title">{t('password_rules.title')}</p>
      <ul>
        {passwordRules.map((rule) => {
          const ok = rule.test(password);
          return (
            <li key={rule.key} className={ok ? 'rule-ok' : 'rule-todo'}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                {ok ? (
                  <path
                    d="M3 8.5 6.5 12 13 4.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                ) : (
                  <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
                )}
              </svg>
              <span>{t(`validation.${rule.key}`, { min: PASSWORD_MIN_LENGTH })}</span>
              <span className="visually-hidden">
                {ok ? t('password_rules.met') : t('password_rules.not_met')}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
