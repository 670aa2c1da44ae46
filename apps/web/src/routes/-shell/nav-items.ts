import type { ComponentType } from 'react';
import { translate } from '../../lib/i18n/i18n.ts';
import type { IconProps } from '../../ui/icons.tsx';
import {
  AccountIcon,
  BellIcon,
  BlockedIcon,
  LocationIcon,
  OrdersIcon,
  StarIcon,
  TeamIcon,
} from '../../ui/icons.tsx';

export interface NavItem {
  to: '/orders' | '/blocked-buyers' | '/locations' | '/reviews' | '/account' | '/notifications' | '/team';
  label: string;
  icon: ComponentType<IconProps>;
}

export const NAV_GROUPS: readonly { label: string; items: readonly NavItem[] }[] = [
  {
    get label() {
      return translate('shell.navItems.selling');
    },
    items: [
      {
        to: '/orders',
        get label() {
          return translate('shell.navItems.orders');
        },
        icon: OrdersIcon,
      },
      {
        to: '/blocked-buyers',
        get label() {
          return translate('shell.navItems.blockedBuyers');
        },
        icon: BlockedIcon,
      },
      {
        to: '/locations',
        get label() {
          return translate('shell.navItems.locations');
        },
        icon: LocationIcon,
      },
      {
        to: '/reviews',
        get label() {
          return translate('shell.navItems.reviews');
        },
        icon: StarIcon,
      },
    ],
  },
  {
    get label() {
      return translate('shell.navItems.you');
    },
    items: [
      {
        to: '/account',
        get label() {
          return translate('shell.navItems.account');
        },
        icon: AccountIcon,
      },
      {
        to: '/team',
        get label() {
          return translate('shell.navItems.team');
        },
        icon: TeamIcon,
      },
      {
        to: '/notifications',
        get label() {
          return translate('shell.navItems.notifications');
        },
        icon: BellIcon,
      },
    ],
  },
];
