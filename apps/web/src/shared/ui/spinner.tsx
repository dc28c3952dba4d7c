import { useTranslation } from '../i18n/use-translation';

/** Decorative spinner; pass a label when it is the only sign that something is loading. */
export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const className = `spinner spinner-${size}`;
  if (!label) return <span className={className} aria-hidden="true" />;
  return (
    <span role="status">
      <span className={className} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function PageLoader() {
  const { t, i18n } = useTranslation();
  return (
    <div className="page-loader">
      <Spinner size="lg" label={i18n.isInitialized ? t('app.loading') : 'Loading'} />
    </div>
  );
}
