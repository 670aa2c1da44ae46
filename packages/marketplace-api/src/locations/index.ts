import { defineModule } from '../http/resources.ts';
import { city, countries, country, type LocationRoutesDeps, neighborhood, state } from './routes.ts';

/** `/classified_locations`: the location tree used to publish classified listings. */
export const classifiedLocationsModule = defineModule<LocationRoutesDeps>({
  prefix: '/classified_locations',
  resources: [countries, country, state, city, neighborhood],
});
