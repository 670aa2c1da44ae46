import { orderFeedback } from '../feedback/routes.ts';
import { defineModule } from '../http/resources.ts';
import {
  orderCancellation,
  orderChargeback,
  orderCreation,
  orderFraudAlert,
  orderInvalidation,
  orderPayments,
} from './lifecycle-routes.ts';
import { order, orderDiscounts, orderProduct, orderSearch } from './routes.ts';

/**
 * `/orders`: reads and search (routes.ts), the life cycle (lifecycle-routes.ts) and, from the feedback module,
 * an order's feedback.
 */
export const ordersModule = defineModule({
  prefix: '/orders',
  resources: [
    orderSearch,
    order,
    orderProduct,
    orderDiscounts,
    orderCreation,
    orderPayments,
    orderCancellation,
    orderFraudAlert,
    orderChargeback,
    orderInvalidation,
    orderFeedback,
  ],
});
