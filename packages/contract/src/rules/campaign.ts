/** A campaign kept locally from a preview link (albums spec §3). */
export interface CampaignLike {
  campaign_code?: string | null;
  campaign_expires_at?: string | null;
}

/**
 * A campaign applies only if its code is present and its expiry is not earlier than `now`.
 * decision: a campaign without an expiry does not expire; an unreadable expiry makes it invalid.
 */
export function isCampaignValid(c: CampaignLike | null | undefined, now: Date): boolean {
  if (!c?.campaign_code?.trim()) return false;
  if (c.campaign_expires_at === null || c.campaign_expires_at === undefined) return true;
  const expires = Date.parse(c.campaign_expires_at);
  if (Number.isNaN(expires)) return false;
  return expires >= now.getTime();
}
