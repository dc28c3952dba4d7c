import type { UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * A mutation started at most once at a time: a second click in the same tick (before the button
 * re-renders disabled) starts nothing. Money actions use it; the server refuses a repeat anyway.
 */
export function useSingleFlight<T>(mutation: UseMutationResult<T, Error, void>): () => void {
  const busy = useRef(false);
  return () => {
    if (busy.current) return;
    busy.current = true;
    mutation.mutate(undefined, {
      onSettled: () => {
        busy.current = false;
      },
    });
  };
}
