import { defineModule } from '../http/resources.ts';
import { type ShipmentRoutesDeps, shipment, shipmentDelivery } from './routes.ts';

/** `/shipments`: a shipment and its delivery steps. */
export const shipmentsModule = defineModule<ShipmentRoutesDeps>({
  prefix: '/shipments',
  resources: [shipment, shipmentDelivery],
});
