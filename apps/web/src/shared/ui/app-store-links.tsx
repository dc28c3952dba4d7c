import { useTranslation } from '../i18n/use-translation';

/** decision: store search pages until the native apps have fixed listing addresses. */
export const APP_STORE_LINKS = [
  { key: 'app_store', url: 'https://apps.apple.com/search?term=fotodrop' },
  { key: 'google_play', url: 'https://play.google.com/store/search?q=fotodrop&c=apps' },
  { key: 'app_gallery', url: 'https://appgallery.huawei.com/search/fotodrop' },
] as const;

/** Links to the apps in the App Store, Google Play and Huawei AppGallery (new tab). */
export function AppStoreLinks() {
  const { t } = useTranslation();
  return (
    <ul className="store-link-list">
      {APP_STORE_LINKS.map((store) => (
        <li key={store.key}>
          <a href={store.url} rel="noopener" target="_blank">
            {t(`footer.${store.key}`)}
            <span className="visually-hidden"> {t('common.opens_new_tab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
