/** What became of a share: sent by the share sheet, copied to send by hand, closed, or failed. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export const canShareNatively = () =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** The link on the clipboard; false where the browser refuses (no permission, no secure context). */
export async function copyLink(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

/** The phone's share sheet where the browser has one, else the link copied to send by hand. */
export async function shareOrCopy(data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if (!canShareNatively()) return (await copyLink(data.url)) ? 'copied' : 'failed';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    // the user closed the share sheet: nothing to say
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}
