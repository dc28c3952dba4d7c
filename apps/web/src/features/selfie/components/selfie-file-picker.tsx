import { SELFIE_MAX_BYTES, SELFIE_MIME_TYPES } from '@fotodrop/contract/api/faces';
import { type ChangeEvent, useId } from 'react';

/**
 * A photo from the device: a file input behind its own label styled as a button, so one tap opens
 * the chooser (issue 17: a button that led to another step with another button took two).
 * `onError` gets the catalogue key of a file the server would refuse (type, size), or null once a
 * good one came; `capture` asks phones for the front camera instead of the gallery.
 */
export function SelfieFilePicker({
  label,
  className,
  capture = false,
  onFile,
  onError,
}: {
  label: string;
  className: string;
  capture?: boolean;
  onFile: (file: File) => void;
  onError: (key: string | null) => void;
}) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(SELFIE_MIME_TYPES as readonly string[]).includes(file.type)) onError('selfie.errors.file_type');
    else if (file.size > SELFIE_MAX_BYTES) onError('selfie.errors.too_large');
    else {
      onError(null);
      onFile(file);
    }
  };
  return (
    <span className="selfie-file">
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/*"
        capture={capture ? 'user' : undefined}
        onChange={onChange}
      />
      <label htmlFor={id} className={className}>
        {label}
      </label>
    </span>
  );
}
