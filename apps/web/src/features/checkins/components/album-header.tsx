import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { trackMetric } from '../../../shared/metrics';
import { Button } from '../../../shared/ui/button';
import { CodeText } from '../../../shared/ui/code-field';
import { DateRange } from '../../../shared/ui/date-text';
import { AnonymousMode } from './anonymous-mode';
import { QrCodeDialog } from './qr-code-dialog';
import { RemoveAlbumDialog } from './remove-album-dialog';
import { ShowCodeDialog } from './show-code-dialog';

type Modal = 'code' | 'qr' | 'remove' | null;

/**
 * Top of the album screen, compact so the photos start on the first screen of a phone (issue 8):
 * event, dates and album code on one line, the code / QR / remove actions on the next.
 */
export function AlbumHeader({ checkin }: { checkin: Checkin }) {
  const { t } = useTranslation();
  const [modal, setModal] = useState<Modal>(null);
  const close = () => setModal(null);
  const { event } = checkin;
  const service = checkin.pica_service;
  // the photo service's name, unless it only repeats the event's (a line the photos need more)
  const showService = service && (service.logo_url || service.name !== checkin.event_name);
  return (
    <header className="album-header">
      <div className="album-heading">
        {service && showService && (
          <p className="eyebrow album-service">
            {service.logo_url && <img src={service.logo_url} alt="" height="24" />}
            <span>{service.name}</span>
          </p>
        )}
        <h1 className="album-title">{checkin.event_name}</h1>
        <dl className="album-facts">
          <div>
            <dt className="visually-hidden">{t('album.facts.dates')}</dt>
            <dd>
              <DateRange start={event.start_date} end={event.end_date} />
            </dd>
          </div>
          {checkin.start_of_stay && (
            <div>
              <dt>{t('album.facts.stay')}</dt>
              <dd>
                <DateRange start={checkin.start_of_stay} end={checkin.end_of_stay} />
              </dd>
            </div>
          )}
          <div>
            <dt>{t('album.facts.code')}</dt>
            <dd>
              <CodeText code={checkin.picacode} />
            </dd>
          </div>
        </dl>
      </div>
      <div className="actions album-actions">
        <Button variant="secondary" size="sm" onClick={() => setModal('code')}>
          {t('album.actions.show_code')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setModal('qr')}>
          {t('album.actions.qr_code')}
        </Button>
        {checkin.event.checkin_mode === 'face-checkin' && <AnonymousMode checkin={checkin} />}
        <Button variant="ghost" size="sm" className="album-remove" onClick={() => setModal('remove')}>
          {t('album.actions.remove')}
        </Button>
      </div>
      <ShowCodeDialog open={modal === 'code'} onClose={close} code={checkin.picacode} />
      <QrCodeDialog
        open={modal === 'qr'}
        onClose={close}
        code={checkin.picacode}
        eventName={checkin.event_name}
        onShared={() =>
          trackMetric({ type: 'share_with_friend_created', event_id: checkin.event.id, album_id: checkin.id })
        }
      />
      <RemoveAlbumDialog open={modal === 'remove'} onClose={close} checkin={checkin} />
    </header>
  );
}
