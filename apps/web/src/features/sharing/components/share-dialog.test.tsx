import type { ShareType } from '@fotodrop/contract/enums';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/setup';
import { ShareDialog } from './share-dialog';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const URL_ = 'https://fotodrop.test/shared/7/42/AbC';

function open() {
  const shared: (ShareType | null)[] = [];
  const said: string[] = [];
  const onClose = vi.fn();
  render(
    <ShareDialog
      open
      onClose={onClose}
      url={URL_}
      text="A photo from Alpine Marathon 2026"
      onShared={(type) => shared.push(type)}
      say={(message) => said.push(message)}
    />,
  );
  return { shared, said, onClose };
}

describe('the share dialog', () => {
  it('offers every network with the share link, and counts the share on the chosen one', () => {
    const { shared, onClose } = open();
    for (const name of ['Facebook', 'WhatsApp', 'X (Twitter)', 'Telegram', 'E-mail', 'LinkedIn']) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toContain(encodeURIComponent(URL_));
    }
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp' });
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
    fireEvent.click(whatsapp);
    expect(shared).toEqual(['whatsapp']);
    expect(onClose).toHaveBeenCalled();
  });

  it('copies the link for Instagram where the browser has no share sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    const { shared, said } = open();
    expect(screen.queryByRole('button', { name: 'More apps…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Instagram' }));
    await waitFor(() => expect(shared).toEqual(['instagram']));
    expect(writeText).toHaveBeenCalledWith(URL_);
    expect(said).toEqual(['Link copied: paste it into your Instagram story or message.']);
  });

  it("uses the phone's share sheet for Instagram, and says nothing when the user closes it", async () => {
    const share = vi
      .fn()
      .mockRejectedValueOnce(new DOMException('closed', 'AbortError'))
      .mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    const { shared, said } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Instagram' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(shared).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Instagram' }));
    await waitFor(() => expect(shared).toEqual(['instagram']));
    expect(share).toHaveBeenLastCalledWith(expect.objectContaining({ url: URL_ }));
    expect(said).toEqual([]);
  });

  it('says so when the link cannot be copied', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    const { said, shared } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(said).toEqual(['The link could not be shared.']));
    expect(shared).toEqual([]);
  });
});
