/** The countdown's live read, loaded only when a countdown reaches its start: is the campaign open now? */
import { isCampaignOpen } from '../../data/announcements.ts';
import { shopClient } from '../../data/client.ts';

export function fetchCampaignOpen(id: string): Promise<boolean> {
  return isCampaignOpen(shopClient, id);
}
