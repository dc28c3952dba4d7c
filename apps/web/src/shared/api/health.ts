import { useAppStore } from '../store/app-store';
import { apiUrl } from './base';

/**
 * GET /api/health: 503 means the service is down for maintenance and the maintenance page shows.
 * Runs at start-up and whenever a call finally fails with 503. A bare fetch on purpose: it is the
 * probe itself (no retries, no session handling), and it keeps the API client out of the home page.
 */
export async function checkHealth(): Promise<boolean> {
  let down = false;
  try {
    const response = await fetch(apiUrl('/health'), { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    down = response.status === 503;
  } catch {
    // unreachable is not maintenance: the calls themselves report network errors
  }
  useAppStore.getState().setMaintenance(down);
  return !down;
}
