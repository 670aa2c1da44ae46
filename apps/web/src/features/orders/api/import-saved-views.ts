import { type SavedViewWrite, savedViewListSchema } from '@mostrador/contracts';
import { request } from '../../../lib/api-client.ts';

/** `POST /bff/saved-views/import`: the views this browser kept before they were kept on the server. */
export const importSavedViews = (views: SavedViewWrite[]) =>
  request('/bff/saved-views/import', savedViewListSchema, { method: 'POST', body: { views } });
