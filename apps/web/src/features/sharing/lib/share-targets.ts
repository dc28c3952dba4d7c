import { SHARE_TYPES, type ShareType } from '@fotodrop/contract/enums';

/** The share actions in the order the dialog lists them (albums spec §9 share types). */
export const SHARE_TARGETS: readonly ShareType[] = SHARE_TYPES;

/**
 * Where a share action sends the browser: each network's documented share URL with the link (and
 * the text where the network takes one). Instagram has no web share URL: null, the dialog uses the
 * phone's share sheet or copies the link instead.
 */
export function shareTargetHref(type: ShareType, url: string, text: string): string | null {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (type) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${t}&url=${u}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'email':
      return `mailto:?subject=${t}&body=${encodeURIComponent(`${text}\n\n${url}`)}`;
    case 'instagram':
      return null;
  }
}
