import type { AppConfig, Theme } from '@fotodrop/contract/api/config';
import { useLayoutEffect } from 'react';

/** AppConfig.theme field → the CSS custom property it overrides. */
const THEME_TOKENS: Record<keyof Theme, string> = {
  primary: '--color-primary',
  primary_contrast: '--color-primary-contrast',
  accent: '--color-accent',
  background: '--color-bg',
  surface: '--color-surface',
  text: '--color-text',
};

function setLink(rel: string, href: string | null): void {
  const existing = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"][data-brand]`);
  if (!href) {
    existing?.remove();
    return;
  }
  const link = existing ?? Object.assign(document.createElement('link'), { rel });
  link.dataset.brand = '';
  link.href = href;
  if (!existing) document.head.append(link);
}

/** Applies an organisation's colours, icons and theme colour to the document. */
export function useBranding(config: AppConfig): void {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    for (const [field, token] of Object.entries(THEME_TOKENS) as [keyof Theme, string][]) {
      const value = config.theme?.[field];
      if (value) root.setProperty(token, value);
      else root.removeProperty(token);
    }
    const themeColor = document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (themeColor) themeColor.content = config.theme?.primary ?? '#4338ca';
    const favicon = document.getElementById('app-favicon') as HTMLLinkElement | null;
    if (favicon) favicon.href = config.icons.favicon ?? '/favicon.svg';
    setLink('apple-touch-icon', config.icons.apple_touch_icon);
  }, [config]);
}
