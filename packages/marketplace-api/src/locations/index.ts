import { defineModule } from '../http/resources.ts';
import { city, countries, country, neighborhood, state } from './routes.ts';

/** `/classified_locations`: the location tree used to publish classified listings. */
export const classifiedLocationsModule = defineModule({
  prefix: '/classified_locations',
  resources: [countries, country, state, city, neighborhood],
});
