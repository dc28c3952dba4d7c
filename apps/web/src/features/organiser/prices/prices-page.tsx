import './prices.css';
import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import type { ConsoleEvent } from '@fotodrop/contract/api/organiser-events';
import { LAST_CALL_SD_DISCOUNT_PERCENT } from '@fotodrop/contract/constants';
import { LAST_CALL_DAYS } from '@fotodrop/contract/rules/album-deadline';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { galleriesQuery } from '../api/events-api';
import { useCurrentOrganisation } from '../console/current-organisation';
import { EventConsolePage } from '../console/event-console-page';
import { SELLING_FIELDS, SettingsSection } from '../events/event-settings';
import { ApplySheet } from './apply-sheet';
import { EventPrices } from './event-prices';
import { GalleryPrices } from './gallery-prices';
import { PriceSheetsPage } from './price-sheets-page';

/**
 * Both price pages, one lazily loaded chunk (router.tsx): with an event slug its prices, without
 * one the organisation's price sheets.
 */
export function Component() {
  const slug = useParams().slug;
  return slug ? <EventPricesRoute slug={slug} /> : <PriceSheetsPage />;
}

/**
 * /organiser/events/:slug/prices: what an event sells at which price — its list and packages, the
 * galleries priced apart, a price sheet copied in, the selling settings — each beside a live
 * preview of the participant's "Prices" dialog. Everyone who sees the event sees its prices;
 * owners change them (selling.manage); the selling settings follow events.manage.
 */
function EventPricesRoute({ slug }: { slug: string }) {
  return (
    <EventConsolePage slug={slug} titleKey="organiser.prices.title">
      {(event) => <EventPricesPage event={event} />}
    </EventConsolePage>
  );
}

function EventPricesPage({ event }: { event: ConsoleEvent }) {
  const { t } = useTranslation();
  const { organisations } = useCurrentOrganisation();
  // as on the codes page: the role in the event's own organisation; staff (no membership) may all
  const role: OrganisationRole =
    organisations.find((o) => o.id === event.organisation_id)?.role ?? ('owner' satisfies OrganisationRole);
  const canSell = roleMay(role, 'selling.manage');
  const galleries = useQuery(galleriesQuery(event.slug));
  const galleryList = galleries.data?.results ?? [];
  // bumped when a sheet is applied: the forms start again from the stored lists
  const [version, setVersion] = useState(0);
  return (
    <>
      <p className="page-intro">
        {t(canSell ? 'organiser.prices.intro' : 'organiser.prices.intro_read', { currency: event.currency })}
      </p>
      {galleries.isError && <Alert tone="error">{translateError(t, galleries.error)}</Alert>}
      <EventPrices slug={event.slug} canManage={canSell} version={version} />
      {canSell && (
        <ApplySheet event={event} galleries={galleryList} onApplied={() => setVersion((v) => v + 1)} />
      )}
      {galleryList.length > 0 && (
        <GalleryPrices slug={event.slug} galleries={galleryList} canManage={canSell} version={version} />
      )}
      <SettingsSection
        key={`selling-${event.slug}`}
        intro={
          <p className="field-hint">
            {t('organiser.prices.last_call_note', {
              days: LAST_CALL_DAYS,
              percent: LAST_CALL_SD_DISCOUNT_PERCENT,
            })}
          </p>
        }
        sectionKey="selling"
        fields={SELLING_FIELDS}
        event={event}
        canManage={roleMay(role, 'events.manage')}
      />
    </>
  );
}
