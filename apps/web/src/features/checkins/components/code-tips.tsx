import { useTranslation } from '../../../shared/i18n/use-translation';

/** Tips for typing an album code, the zero / letter O one among them (albums spec §2). */
export function CodeTips() {
  const { t } = useTranslation();
  return (
    <section className="tips" aria-labelledby="album-code-tips">
      <h3 id="album-code-tips">{t('checkins.tips.title')}</h3>
      <ul>
        <li>{t('checkins.tips.where')}</li>
        <li>{t('checkins.tips.zero')}</li>
        <li>{t('checkins.tips.spaces')}</li>
      </ul>
    </section>
  );
}
