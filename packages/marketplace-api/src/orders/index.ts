import { type FeedbackRoutesDeps, orderFeedback } from '../feedback/routes.ts';
import { defineModule } from '../http/resources.ts';
import {
  type LifecycleDeps,
  orderCancellation,
  orderChargeback,
  orderCreation,
  orderFraudAlert,
  orderInvalidation,
  orderPayments,
} from './lifecycle-routes.ts';
import { type OrderReadDeps, order, orderDiscounts, orderProduct, orderSearch } from './routes.ts';

/** What the orders' resources need together. */
export type OrdersModuleDeps = OrderReadDeps & LifecycleDeps & FeedbackRoutesDeps;

/**
 * `/orders`: reads and search (routes.ts), the life cycle (lifecycle-routes.ts) and, from the feedback module,
 * an order's feedback.
 */
export const ordersModule = defineModule<OrdersModuleDeps>({
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
