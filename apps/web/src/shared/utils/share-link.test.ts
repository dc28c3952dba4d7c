import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareOrCopy } from './share-link';

const data = { title: 'Alpine Marathon', text: 'My photos', url: 'https://fotodrop.example/a/K7M2Q9P' };

afterEach(() => vi.unstubAllGlobals());

describe('sharing a link', () => {
  it("goes through the phone's share sheet where there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { share, clipboard: { writeText } });
    expect(await shareOrCopy(data)).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('tells a closed share sheet from a failed one', async () => {
    vi.stubGlobal('navigator', {
      share: vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError')),
    });
    expect(await shareOrCopy(data)).toBe('cancelled');
    vi.stubGlobal('navigator', {
      share: vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError')),
    });
    expect(await shareOrCopy(data)).toBe('failed');
  });

  it('copies the link without a share sheet, and says when even that fails', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await shareOrCopy(data)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    expect(await shareOrCopy(data)).toBe('failed');
  });
});
