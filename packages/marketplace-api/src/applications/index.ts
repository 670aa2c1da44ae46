import { defineModule } from '../http/resources.ts';
import { type NotificationRoutesDeps, notificationReactivation } from '../notifications/routes.ts';
import { application, type UserResourceDeps } from '../users/resource-routes.ts';

/** What the applications' resources need together. */
export type ApplicationsModuleDeps = UserResourceDeps & NotificationRoutesDeps;

/**
 * `/applications`: an application's record (with the other user resources of spec 4.3) and the reactivation of its
 * notifications (with the notification history), composed under their common prefix.
 */
export const applicationsModule = defineModule<ApplicationsModuleDeps>({
  prefix: '/applications',
  resources: [application, notificationReactivation],
});
