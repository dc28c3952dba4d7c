import type { ConsoleGallery } from '@fotodrop/contract/api/organiser-events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { galleryTree } from '../events/gallery-tree';
import { GallerySelect } from './gallery-select';
import { PriceListForm } from './price-list-form';
import { PricePreview } from './price-preview';
import { deleteGalleryPriceList, galleryPriceListQuery, pricesKeys, putGalleryPriceList } from './prices-api';

/**
 * One gallery's prices: what its participants read — its own list, or the one it inherits (from a
 * gallery above it or the event) — and, for owners, its own list to set or remove. Packages are the
 * event's: a gallery's list has entries only.
 */
export function GalleryPrices({
  slug,
  galleries,
  canManage,
  version,
}: {
  slug: string;
  galleries: ConsoleGallery[];
  canManage: boolean;
  version: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // the first gallery of the tree, as the select lists them
  const [galleryId, setGalleryId] = useState<number>(() => galleryTree(galleries)[0]!.gallery.id);
  const [editing, setEditing] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const list = useQuery(galleryPriceListQuery(slug, galleryId));
  const nameOf = (id: number | null) =>
    id === null ? t('organiser.prices.the_event') : (galleries.find((g) => g.id === id)?.name ?? `#${id}`);
  const refresh = () => queryClient.invalidateQueries({ queryKey: pricesKeys.all(slug) });
  const data = list.data;
  const own = data ? !data.inherited || editing : false;

  return (
    <section className="card console-card" aria-labelledby="prices-gallery">
      <h2 id="prices-gallery">{t('organiser.prices.gallery_title')}</h2>
      <p className="field-hint">{t('organiser.prices.gallery_hint')}</p>
      <div className="console-inline-form">
        <GallerySelect
          label={t('organiser.prices.gallery')}
          galleries={galleries}
          value={galleryId}
          onChange={(id) => {
            if (id === null) return;
            setGalleryId(id);
            setEditing(false);
            setRemoveError(null);
          }}
        />
      </div>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert tone="error">{translateError(t, list.error)}</Alert>
      ) : (
        <>
          <p className="price-source" aria-live="polite">
            {data?.inherited
              ? t('organiser.prices.inherits', { from: nameOf(data.inherited_from) })
              : t('organiser.prices.own_list')}
          </p>
          {data && own ? (
            <PriceListForm
              key={`${galleryId}-${version}-${editing}`}
              items={data.items}
              packages={[]}
              currency={data.currency}
              withPackages={false}
              canManage={canManage}
              saveLabel={t('organiser.prices.save_gallery')}
              onSave={async (body) => {
                await putGalleryPriceList(slug, galleryId, body);
                await refresh();
              }}
              actions={
                <Button
                  variant="ghost"
                  onClick={async () => {
                    setRemoveError(null);
                    if (editing && data.inherited) {
                      setEditing(false);
                      return;
                    }
                    try {
                      await deleteGalleryPriceList(slug, galleryId);
                      setEditing(false);
                      await refresh();
                    } catch (error) {
                      setRemoveError(translateError(t, error));
                    }
                  }}
                >
                  {t(editing && data.inherited ? 'organiser.prices.cancel' : 'organiser.prices.remove_own')}
                </Button>
              }
            />
          ) : (
            data && (
              <>
                <PricePreview items={data.items} packages={data.packages} currency={data.currency} />
                {canManage && (
                  <Button variant="secondary" className="price-set-own" onClick={() => setEditing(true)}>
                    {t('organiser.prices.set_own')}
                  </Button>
                )}
              </>
            )
          )}
          {removeError && <Alert tone="error">{removeError}</Alert>}
        </>
      )}
    </section>
  );
}
