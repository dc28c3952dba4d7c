import { useSearchParams } from 'react-router';

/**
 * The album (`?checkin_id=`) whose organisation's print offer the page shows (issue 19), passed
 * on from page to page; undefined when absent or not an id (then the server chooses the offer).
 */
export function useCheckinParam(): number | undefined {
  const [params] = useSearchParams();
  const id = Number(params.get('checkin_id'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
