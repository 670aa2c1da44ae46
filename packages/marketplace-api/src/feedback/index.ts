import { defineModule } from '../http/resources.ts';
import { feedbackReply } from './routes.ts';

/** `/feedback`: replies. An order's own feedback (`/orders/{order_id}/feedback`) is composed into `/orders`. */
export const feedbackModule = defineModule({ prefix: '/feedback', resources: [feedbackReply] });
