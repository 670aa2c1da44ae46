import { defineModule } from '../http/resources.ts';
import { siteSearch } from './routes.ts';

/** `/sites`: site search by nickname. */
export const sitesModule = defineModule({ prefix: '/sites', resources: [siteSearch] });
