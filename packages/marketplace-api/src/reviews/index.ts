import { defineModule } from '../http/resources.ts';
import { itemReviews } from './routes.ts';

/** `/reviews`: item reviews. */
export const reviewsModule = defineModule({ prefix: '/reviews', resources: [itemReviews] });
