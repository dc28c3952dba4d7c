import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../shared/api/query-client';
import { useAppStore } from '../../../shared/store/app-store';
import { brandedConfig } from '../../../test/branded-config';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { setUpCheckinTestServer } from '../test/checkin-test-server';

const api = setUpCheckinTestServer({ signedIn: true });
afterEach(cleanup);

/** What a /preview link of the marketing-check service leaves behind. */
function previewWithMarketingCheck(marketingCheck = true) {
  useAppStore.getState().setPreview({
    isPreviewCheckin: true,
    autoCheckinPicacode: null,
    source: null,
    tags: [],
    marketingCheck,
    disableSocialLogin: false,
    stay: null,
    redirect: null,
  });
}

async function openAlbums() {
  renderApp('/checkins');
  await screen.findByRole('heading', { level: 1, name: 'My albums' }, { timeout: 5000 });
}

const patches = () => api.server.requests.filter((r) => r.method === 'PATCH');

describe('the marketing-consent modal', () => {
  it("asks once after a marketing-check preview, with the document's date; yes stores the consent", async () => {
    previewWithMarketingCheck();
    await openAlbums();
    const dialog = await screen.findByRole('dialog', { name: 'Stay in touch?' });
    expect(within(dialog).getByText(/We would like to send you news/)).toBeTruthy();
    expect(within(dialog).getByText('Document last updated on May 26, 2018')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, keep me informed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches().map((r) => JSON.parse(r.body))).toEqual([{ marketing_consent: true }]);
    expect(useAppStore.getState().preview?.marketingCheck).toBe(false);
  });

  it("uses the site's own words and hides the date when the site says so; no stores nothing", async () => {
    useAppStore.setState({ appConfig: brandedConfig() });
    previewWithMarketingCheck();
    await openAlbums();
    const dialog = await screen.findByRole('dialog', { name: 'Stay in touch?' });
    expect(within(dialog).getByText('News about upcoming Alpine Run races.')).toBeTruthy();
    expect(within(dialog).queryByText(/Document last updated/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, thanks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches()).toHaveLength(0);
    expect(useAppStore.getState().preview?.marketingCheck).toBe(false);
  });

  it('is not shown without the marketing check, nor to a user who already consented', async () => {
    previewWithMarketingCheck(false);
    await openAlbums();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    queryClient.clear();
    api.answer = (req) =>
      req.path.startsWith('/api/v2/users/me/')
        ? { status: 200, body: makeUser({ marketing_consent: true }) }
        : undefined;
    previewWithMarketingCheck();
    await openAlbums();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
