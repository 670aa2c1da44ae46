import { defineModule } from '../http/resources.ts';
import { myFeeds } from './routes.ts';

/** `/myfeeds`: the notification history of an application (spec 6.6). */
export const myFeedsModule = defineModule({ prefix: '/myfeeds', resources: [myFeeds] });
