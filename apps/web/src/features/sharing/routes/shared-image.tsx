import './shared-image.css';
import type { SharedImageResponse } from '@fotodrop/contract/api/sharing';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { trackMetric } from '../../../shared/metrics';
import { Alert } from '../../../shared/ui/alert';
import { ButtonLink } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { type SharedLinkParams, sharedImageQuery } from '../api/shared-image';

const ID = /^[1-9]\d{0,8}$/;
/** Links whose opening this visit has counted already. */
const countedLinks = new Set<string>();
const HASH = /^[A-Za-z0-9_-]{1,128}$/;

/** The link's parts, or null when they cannot be a share link (no call is made then). */
function linkOf(params: Record<string, string | undefined>): SharedLinkParams | null {
  const { userId = '', mediaId = '', hash = '' } = params;
  if (!ID.test(userId) || !ID.test(mediaId) || !HASH.test(hash)) return null;
  return { userId: Number(userId), mediaId: Number(mediaId), securityHash: hash };
}

/**
 * /shared/:userId/:mediaId/:hash — a photo a participant shared, for anyone with the link, logged in
 * or not: the photo as the sharer sees it, its event, and the way to one's own photos of it.
 */
export function Component() {
  const link = linkOf(useParams());
  const query = useQuery({
    ...sharedImageQuery(link ?? { userId: 0, mediaId: 0, securityHash: '' }),
    enabled: !!link,
  });
  const shared = query.data;
  const { t } = useTranslation();
  usePageTitle(shared?.event ? t('shared.title', { event: shared.event.name }) : t('shared.invalid_title'));

  if (link && query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <section className="page page-narrow status-page">
        <h1>{t('shared.error_title')}</h1>
        <Alert tone="error">{translateError(t, query.error)}</Alert>
      </section>
    );
  }
  if (!link || !shared?.media || !shared.event) return <InvalidLink />;
  return (
    <SharedMedia shared={{ ...shared, media: shared.media, event: shared.event }} sharer={link.userId} />
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow status-page">
      <h1>{t('shared.invalid_title')}</h1>
      <p>{t('shared.invalid_text')}</p>
      <div className="actions">
        <Link className="btn btn-primary" to={paths.home.getHref()}>
          {t('shared.find_own')}
        </Link>
      </div>
    </section>
  );
}

type Shown = SharedImageResponse & {
  media: NonNullable<SharedImageResponse['media']>;
  event: NonNullable<SharedImageResponse['event']>;
};

function SharedMedia({ shared, sharer }: { shared: Shown; sharer: number }) {
  const { t } = useTranslation();
  const { media, event } = shared;
  // how often shared links bring visitors: once per link and visit, however often the page mounts
  useEffect(() => {
    const key = `${sharer}/${media.id}`;
    if (countedLinks.has(key)) return;
    countedLinks.add(key);
    trackMetric({
      type: 'shared_link_opened',
      event_id: event.id,
      media_id: media.id,
      media_type: media.type === 'video' ? 'v' : 'p',
      sharing_user_id: sharer,
    });
  }, [event.id, media.id, media.type, sharer]);
  return (
    <article className="shared-media" aria-labelledby="shared-title">
      <figure className="shared-figure">
        <img
          src={media.url}
          alt={t(media.type === 'video' ? 'shared.alt_video' : 'shared.alt_photo', { event: event.name })}
          width={media.width}
          height={media.height}
          style={{ backgroundImage: `url("${media.thumbnail_url}")` }}
        />
      </figure>
      <div className="shared-text">
        <p className="eyebrow">{t('shared.eyebrow')}</p>
        <h1 id="shared-title">{t('shared.title', { event: event.name })}</h1>
        <p>{t('shared.invite', { event: event.name })}</p>
        <div className="actions">
          <ButtonLink to={paths.eventHome.getHref(event.slug)} size="lg">
            {t('shared.find_own')}
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
