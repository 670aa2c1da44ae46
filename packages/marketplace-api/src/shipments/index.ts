import { defineModule } from '../http/resources.ts';
import { shipment, shipmentDelivery } from './routes.ts';

/** `/shipments`: a shipment and its delivery steps. */
export const shipmentsModule = defineModule({
  prefix: '/shipments',
  resources: [shipment, shipmentDelivery],
});
