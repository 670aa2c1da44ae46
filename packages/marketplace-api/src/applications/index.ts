import { defineModule } from '../http/resources.ts';
import { notificationReactivation } from '../notifications/routes.ts';
import { application } from '../users/resource-routes.ts';

/**
 * `/applications`: an application's record (with the other user resources of spec 4.3) and the reactivation of its
 * notifications (with the notification history), composed under their common prefix.
 */
export const applicationsModule = defineModule({
  prefix: '/applications',
  resources: [application, notificationReactivation],
});
