import type { OrganiserSupportRequest } from '@fotodrop/contract/api/organiser-participants';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { supportScreenshot } from './participants-api';

/** One support request as the participant sent it, with a reply link and their screenshot on demand. */
export function SupportRequestCard({
  organisationId,
  request: r,
}: {
  organisationId: number;
  request: OrganiserSupportRequest;
}) {
  const { t, language } = useTranslation();
  const [shot, setShot] = useState<string | null>(null);
  const screenshot = useMutation({
    mutationFn: () => supportScreenshot(organisationId, r.id),
    onSuccess: (blob) => setShot(URL.createObjectURL(blob)),
  });
  // the blob URL lives as long as the card shows it
  useEffect(() => () => void (shot && URL.revokeObjectURL(shot)), [shot]);
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const headingId = `support-request-${r.id}`;
  const reply = `mailto:${encodeURIComponent(r.email)}?subject=${encodeURIComponent(`Re: ${r.subject}`)}`;

  return (
    <article className="card console-card support-request" aria-labelledby={headingId}>
      <header className="support-request-head">
        <h3 id={headingId}>{r.subject}</h3>
        <span className="field-hint">{when.format(new Date(r.created_at))}</span>
      </header>
      <dl className="support-request-facts">
        <dt>{t('organiser.support.from')}</dt>
        <dd>
          {r.name} · <a href={reply}>{r.email}</a>
        </dd>
        <dt>{t('organiser.support.category')}</dt>
        <dd>{t(`help.categories.${r.category}`)}</dd>
        {r.event && (
          <>
            <dt>{t('organiser.support.event')}</dt>
            <dd>{r.event.name}</dd>
          </>
        )}
        {r.picacode && (
          <>
            <dt>{t('organiser.support.code')}</dt>
            <dd>
              <code>{r.picacode}</code>
            </dd>
          </>
        )}
        <dt>{t('organiser.support.answer_by')}</dt>
        <dd>{day.format(new Date(`${r.answer_by}T00:00:00Z`))}</dd>
      </dl>
      <p className="support-request-message" lang={r.language}>
        {r.message}
      </p>
      {r.has_screenshot &&
        (shot ? (
          <img
            className="support-request-shot"
            src={shot}
            alt={t('organiser.support.screenshot_of', { subject: r.subject })}
          />
        ) : (
          <div>
            <Button
              variant="secondary"
              size="sm"
              loading={screenshot.isPending}
              onClick={() => screenshot.mutate()}
            >
              {t('organiser.support.show_screenshot')}
            </Button>
            {screenshot.isError && <Alert tone="error">{translateError(t, screenshot.error)}</Alert>}
          </div>
        ))}
    </article>
  );
}
