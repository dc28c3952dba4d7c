import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import {
  cameraHelpSteps,
  detectBrowser,
  detectSystem,
  HELP_BROWSERS,
  HELP_SYSTEMS,
} from '../lib/browser-detect';
import { setUpSelfieTestServer } from '../test/selfie-test-server';

setUpSelfieTestServer();
afterEach(cleanup);

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidEdge:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('the browser and system of the camera help', () => {
  it('are read from the user agent', () => {
    const seen = Object.values(UA).map((ua) => `${detectBrowser(ua)}/${detectSystem(ua)}`);
    expect(seen).toEqual([
      'safari/ios',
      'chrome/ios',
      'firefox/ios',
      'chrome/android',
      'edge/android',
      'edge/desktop',
      'safari/desktop',
      'firefox/desktop',
    ]);
    // iPadOS says "Macintosh" but has a touch screen
    expect(detectSystem(UA.macSafari, 5)).toBe('ios');
  });

  it('give every one of the 12 combinations its own instructions ending with a reload', () => {
    for (const browser of HELP_BROWSERS) {
      for (const system of HELP_SYSTEMS) {
        const steps = cameraHelpSteps(browser, system);
        expect(steps.length).toBeGreaterThan(1);
        expect(steps.at(-1)!.key).toBe('reload');
      }
    }
  });
});

describe('/help/camera/:browser/:system', () => {
  it('shows the chosen browser and system, with links to the others', async () => {
    renderApp('/help/camera/safari/ios');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Allow the camera in Safari (iPhone and iPad)' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Apps > Safari > Camera and choose Allow/)).toBeTruthy();
    const others = screen.getByRole('navigation', { name: 'Instructions for other browsers' });
    const links = others.querySelectorAll('a');
    expect(links).toHaveLength(12);
    expect(others.querySelector('a[aria-current="page"]')!.getAttribute('href')).toBe(
      '/help/camera/safari/ios',
    );
  });

  it("without segments it shows the visitor's own browser and system", async () => {
    renderApp('/help/camera');
    // jsdom's user agent: Chrome's instructions on a computer
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Allow the camera in Chrome (computer)' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/chrome:\/\/settings\/content\/camera/)).toBeTruthy();
  });
});
