import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../.e2e-artifacts/screenshots', import.meta.url));

/** Debian's chromium, quiet on a closed network; `extraArgs` e.g. a fake camera. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Lets *.localhost subdomains resolve to this machine, as browsers do for localhost itself.
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      ...extraArgs,
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** A phone as the tests use it: 390 px wide, touch, English. */
export const PHONE_CONTEXT = { viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' };

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = `${SCREENSHOT_DIR}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Accessibility violations of WCAG 2 A/AA on the current page, as short strings. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
