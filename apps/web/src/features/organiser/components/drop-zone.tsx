import { type DragEvent, memo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { LineIcon } from '../../../shared/ui/line-icon';

/** Photos and videos: the server decides by the bytes which ones it takes. */
const ACCEPT = 'image/*,video/*';

/** Files dropped here or picked with the button (several at once) join the queue. */
export const DropZone = memo(function DropZone({
  disabled,
  onFiles,
}: {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrag = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(event.type !== 'dragleave');
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the button does the same
    <div
      className={['drop-zone', over && 'drop-zone-over', disabled && 'drop-zone-disabled']
        .filter(Boolean)
        .join(' ')}
      onDragEnter={onDrag}
      onDragOver={onDrag}
      onDragLeave={onDrag}
      onDrop={onDrop}
    >
      <LineIcon d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" size={36} />
      <p className="drop-zone-text">{t('organiser.drop.text')}</p>
      <Button disabled={disabled} onClick={() => input.current?.click()}>
        {t('organiser.drop.choose')}
      </Button>
      <p className="field-hint">{t('organiser.drop.hint')}</p>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        aria-label={t('organiser.drop.choose')}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // cleared so that picking the same file again still counts as a change
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
});
