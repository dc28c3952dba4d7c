import './share-dialog.css';
import type { ShareType } from '@fotodrop/contract/enums';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { canShareNatively, copyLink, shareOrCopy } from '../../../shared/utils/share-link';
import { SHARE_TARGETS, shareTargetHref } from '../lib/share-targets';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The absolute share link (the /shared page). */
  url: string;
  /** The message that goes with it ("A photo from <event>"). */
  text: string;
  /** A share action was taken; `type` is null for the phone's own share sheet. */
  onShared: (type: ShareType | null) => void;
  /** Says a short result to the user (link copied, could not share). */
  say: (message: string) => void;
}

const NAMES: Record<Exclude<ShareType, 'email'>, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
  twitter: 'X (Twitter)',
  telegram: 'Telegram',
  linkedin: 'LinkedIn',
};

/**
 * Share a photo: one action per network (its share address in a new tab), Instagram through the
 * phone's share sheet (it has no web share address) or else a copied link, the share sheet itself
 * where the browser has one, and "Copy link".
 */
export function ShareDialog({ open, onClose, url, text, onShared, say }: ShareDialogProps) {
  const { t } = useTranslation();

  const copy = async (message: string) => {
    const copied = await copyLink(url);
    say(copied ? message : t('share.failed'));
    return copied;
  };

  /** The share sheet (or, without one, the copied link that `copiedMessage` announces). */
  const shareVia = async (type: ShareType | null, copiedMessage: string) => {
    const outcome = await shareOrCopy({ title: text, text, url });
    if (outcome === 'cancelled') return;
    if (outcome === 'failed') return say(t('share.failed'));
    if (outcome === 'copied') say(copiedMessage);
    onShared(type);
    onClose();
  };

  const instagram = () => shareVia('instagram', t('share.instagram_copied'));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('share.title')}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('dialog.close')}
        </Button>
      }
    >
      <p className="share-note">{t('share.note')}</p>
      <ul className="share-targets">
        {SHARE_TARGETS.map((type) => {
          const name = type === 'email' ? t('share.email') : NAMES[type];
          const href = shareTargetHref(type, url, text);
          return (
            <li key={type}>
              {href === null ? (
                <button
                  type="button"
                  className={`share-target share-${type}`}
                  onClick={() => void instagram()}
                >
                  {name}
                </button>
              ) : (
                <a
                  className={`share-target share-${type}`}
                  href={href}
                  target={type === 'email' ? undefined : '_blank'}
                  rel="noopener noreferrer"
                  onClick={() => {
                    onShared(type);
                    onClose();
                  }}
                >
                  {name}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      <div className="share-more">
        <Button
          variant="secondary"
          onClick={() =>
            void copy(t('share.copied')).then((ok) => {
              if (ok) onClose();
            })
          }
        >
          {t('share.copy')}
        </Button>
        {canShareNatively() && (
          <Button variant="secondary" onClick={() => void shareVia(null, t('share.copied'))}>
            {t('share.more')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
