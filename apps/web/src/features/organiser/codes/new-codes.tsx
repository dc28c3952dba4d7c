import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';

/** The codes just made, one a line, to select or copy at once (a batch may hold thousands). */
export function NewCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = codes.join('\n');
  return (
    <div className="codes-new">
      <label className="field-label" htmlFor={id}>
        {t('organiser.codes.new_codes')}
      </label>
      <textarea
        id={id}
        className="input codes-new-text"
        readOnly
        rows={Math.min(codes.length, 8)}
        value={text}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="codes-new-actions">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            // clipboard access may be refused (an insecure page, a denied permission)
            navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            ) ?? setCopied(false);
          }}
        >
          {t('organiser.codes.copy_all')}
        </Button>
        <span role="status">
          {copied === true && t('organiser.codes.copied')}
          {copied === false && t('organiser.codes.copy_failed')}
        </span>
      </div>
    </div>
  );
}
