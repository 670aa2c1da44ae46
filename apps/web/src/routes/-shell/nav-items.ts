import type { ComponentType } from 'react';
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
    label: 'Selling',
    items: [
      { to: '/orders', label: 'Orders', icon: OrdersIcon },
      { to: '/blocked-buyers', label: 'Blocked buyers', icon: BlockedIcon },
      { to: '/locations', label: 'Locations', icon: LocationIcon },
      { to: '/reviews', label: 'Reviews', icon: StarIcon },
    ],
  },
  {
    label: 'You',
    items: [
      { to: '/account', label: 'Account', icon: AccountIcon },
      { to: '/team', label: 'Team', icon: TeamIcon },
      { to: '/notifications', label: 'Notifications', icon: BellIcon },
    ],
  },
];
