import { defineModule } from '../http/resources.ts';
import { type SiteRoutesDeps, siteSearch } from './routes.ts';

/** `/sites`: site search by nickname. */
export const sitesModule = defineModule<SiteRoutesDeps>({ prefix: '/sites', resources: [siteSearch] });
