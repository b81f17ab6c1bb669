import {
  IconBuilding,
  IconFileText,
  IconFlag,
  IconInbox,
  IconLayoutList,
  IconLifebuoy,
  IconMail,
  IconMailOpened,
  IconReceipt,
  IconShoppingBag,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

export interface AccountLink {
  to: string;
  label: string;
  icon: typeof IconUser;
  /** Shown only to users holding this platform permission. */
  permission?: string;
}

export const personalLinks: AccountLink[] = [
  { to: '/user/profile', label: 'Profile', icon: IconUser },
  { to: '/user/manage-members', label: 'Members', icon: IconUsersGroup },
  { to: '/user/purchase-history', label: 'Purchase history', icon: IconReceipt },
];

/** Only for platform staff (platform role with permissions). */
export const platformLinks: AccountLink[] = [
  { to: '/research/builder/admin/surveys', label: 'All surveys', icon: IconLayoutList },
  { to: '/research/builder/admin/users', label: 'Users', icon: IconUsers },
  { to: '/research/builder/admin/organizations', label: 'Organizations', icon: IconBuilding },
  { to: '/research/builder/admin/incidents', label: 'Safeguarding incidents', icon: IconLifebuoy },
  { to: '/research/builder/admin/content', label: 'Content', icon: IconFileText, permission: 'content~view' },
  {
    to: '/research/builder/admin/shop/products',
    label: 'Shop',
    icon: IconShoppingBag,
    permission: 'commerce~view',
  },
  { to: '/research/builder/admin/leads', label: 'Leads', icon: IconMailOpened },
  { to: '/research/builder/admin/feature-flags', label: 'Feature flags', icon: IconFlag },
  { to: '/mail/outbox', label: 'Mail outbox', icon: IconInbox, permission: 'mail~read' },
  { to: '/mail/preview', label: 'Mail preview', icon: IconMail },
];

export const surveysLink: AccountLink = {
  to: '/research/builder',
  label: 'Your surveys',
  icon: IconLayoutList,
};

export const initialsOf = (firstName: string | null, lastName: string | null, email: string | null) => {
  const initials = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.toUpperCase();
  return initials || (email?.[0]?.toUpperCase() ?? '?');
};

/** The links a user may follow: those without a permission, and those whose permission they hold. */
export const linksFor = (links: AccountLink[], permissions: readonly string[]) =>
  links.filter((link) => link.permission === undefined || permissions.includes(link.permission));
