import { defineModule } from '../http/resources.ts';
import { myFeeds, type NotificationRoutesDeps } from './routes.ts';

/** `/myfeeds`: the notification history of an application (spec 6.6). */
export const myFeedsModule = defineModule<NotificationRoutesDeps>({
  prefix: '/myfeeds',
  resources: [myFeeds],
});
