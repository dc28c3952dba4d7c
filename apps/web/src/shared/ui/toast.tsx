import { TOAST_MS } from '@fotodrop/contract/constants';
import { useEffect, useRef } from 'react';

/**
 * A short message that hides itself after TOAST_MS (albums spec §9), announced politely. Give it a
 * new `key` to restart the timer for the same message again.
 */
export function Toast({ message, onDone }: { message: string | null; onDone: () => void }) {
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => onDoneRef.current(), TOAST_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div className="toast-region" role="status">
      {message && <p className="toast">{message}</p>}
    </div>
  );
}
