import { defineModule } from '../http/resources.ts';
import { type FeedbackRoutesDeps, feedbackReply } from './routes.ts';

/** `/feedback`: replies. An order's own feedback (`/orders/{order_id}/feedback`) is composed into `/orders`. */
export const feedbackModule = defineModule<FeedbackRoutesDeps>({
  prefix: '/feedback',
  resources: [feedbackReply],
});
