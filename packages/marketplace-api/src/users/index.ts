import { defineModule } from '../http/resources.ts';
import { type BlocklistDeps, blockSearch, orderBlacklist, questionsBlacklist } from './blocklist-routes.ts';
import {
  acceptedPaymentMethods,
  applicationGrant,
  availableListingTypes,
  listingTypeAvailability,
  promotionPackAvailability,
  promotionPacks,
  type UserResourceDeps,
  userBrands,
} from './resource-routes.ts';
import {
  currentUser,
  immediatePayment,
  immediatePaymentMarker,
  type UserRoutesDeps,
  user,
  userAddresses,
} from './routes.ts';
import { operatedAccounts, personalDataAccessLog, type TeamDeps, team, teamMember } from './team-routes.ts';

/** What the users' resources need together. */
export type UsersModuleDeps = UserRoutesDeps & UserResourceDeps & BlocklistDeps & TeamDeps;

/**
 * `/users`: accounts (routes.ts), their other resources (resource-routes.ts), blocklists (blocklist-routes.ts) and
 * team (team-routes.ts). `/users/me…` comes before `/users/{user_id}…`, which would take `me` for an id.
 */
export const usersModule = defineModule<UsersModuleDeps>({
  prefix: '/users',
  resources: [
    currentUser,
    operatedAccounts,
    user,
    immediatePayment,
    immediatePaymentMarker,
    userAddresses,
    acceptedPaymentMethods,
    applicationGrant,
    userBrands,
    promotionPacks,
    promotionPackAvailability,
    availableListingTypes,
    listingTypeAvailability,
    ...orderBlacklist,
    ...questionsBlacklist,
    team,
    teamMember,
    personalDataAccessLog,
  ],
});

/** `/block-api`: the block search, over the blocklists of `/users`. */
export const blockApiModule = defineModule<BlocklistDeps>({ prefix: '/block-api', resources: [blockSearch] });
