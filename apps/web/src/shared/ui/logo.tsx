import { useAppConfig } from '../config/use-app-config';

/** The Fotodrop mark: a drop holding a camera lens. */
export function FotodropMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M16 2c5.5 7 10 12.3 10 18a10 10 0 0 1-20 0C6 14.3 10.5 9 16 2z" fill="var(--color-primary)" />
      <circle cx="16" cy="20" r="5.2" fill="var(--color-primary-contrast)" />
      <circle cx="16" cy="20" r="2.6" fill="var(--color-accent)" />
      <circle cx="19.6" cy="15.4" r="1.1" fill="var(--color-primary-contrast)" />
    </svg>
  );
}

/** Mark plus name; the text is real text so it scales and is read out once. */
export function FotodropWordmark({ size = 28 }: { size?: number }) {
  return (
    <span className="wordmark" style={{ fontSize: size * 0.78 }}>
      <FotodropMark size={size} />
      <span className="wordmark-text">
        foto<span className="wordmark-accent">drop</span>
      </span>
    </span>
  );
}

/** The organisation's logo when its config has one, else the Fotodrop wordmark. */
export function BrandLogo({ size = 28 }: { size?: number }) {
  const config = useAppConfig();
  if (config.logo)
    return <img className="brand-logo" src={config.logo} alt={config.name} height={size + 14} />;
  return <FotodropWordmark size={size} />;
}
