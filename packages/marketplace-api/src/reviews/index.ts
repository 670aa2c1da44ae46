import { defineModule } from '../http/resources.ts';
import { itemReviews, type ReviewRoutesDeps } from './routes.ts';

/** `/reviews`: item reviews. */
export const reviewsModule = defineModule<ReviewRoutesDeps>({ prefix: '/reviews', resources: [itemReviews] });
