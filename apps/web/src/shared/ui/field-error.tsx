import { translateMessage } from '../i18n/messages';
import { useTranslation } from '../i18n/use-translation';

/**
 * The errors of one field, translated. `message` holds one or more message keys separated by
 * new lines (server field errors may list several).
 */
export function FieldError({
  id,
  message,
  vars,
}: {
  id: string;
  message?: string;
  vars?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  if (!message) return null;
  const lines = message.split('\n').filter(Boolean);
  return (
    <div className="field-error" id={id}>
      {lines.map((line) => (
        <p key={line}>{translateMessage(t, line, vars)}</p>
      ))}
    </div>
  );
}
