import type { ComponentType } from 'react';
import { translate, withLabels } from '../../lib/i18n/i18n.ts';
import type { IconProps } from '../../ui/icons.tsx';
import {
  AccountIcon,
  BellIcon,
  BlockedIcon,
  InsightsIcon,
  LocationIcon,
  OrdersIcon,
  StarIcon,
  TeamIcon,
  TodayIcon,
} from '../../ui/icons.tsx';

export interface NavItem {
  to:
    | '/today'
    | '/insights'
    | '/orders'
    | '/blocked-buyers'
    | '/locations'
    | '/reviews'
    | '/account'
    | '/notifications'
    | '/team';
  label: string;
  icon: ComponentType<IconProps>;
}

export const NAV_GROUPS: readonly { label: string; items: readonly NavItem[] }[] = [
  {
    get label() {
      return translate('shell.navItems.selling');
    },
    items: withLabels([
      // What to do now comes first; how the business goes follows the orders it is made of.
      { to: '/today', label: 'shell.navItems.today', icon: TodayIcon },
      { to: '/orders', label: 'shell.navItems.orders', icon: OrdersIcon },
      { to: '/insights', label: 'shell.navItems.insights', icon: InsightsIcon },
      { to: '/blocked-buyers', label: 'shell.navItems.blockedBuyers', icon: BlockedIcon },
      { to: '/locations', label: 'shell.navItems.locations', icon: LocationIcon },
      { to: '/reviews', label: 'shell.navItems.reviews', icon: StarIcon },
    ]),
  },
  {
    get label() {
      return translate('shell.navItems.you');
    },
    items: withLabels([
      { to: '/account', label: 'shell.navItems.account', icon: AccountIcon },
      { to: '/team', label: 'shell.navItems.team', icon: TeamIcon },
      { to: '/notifications', label: 'shell.navItems.notifications', icon: BellIcon },
    ]),
  },
];
