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
import { staffScreenPermission } from '@tv/contract';

export interface AccountLink {
  to: string;
  label: string;
  icon: typeof IconUser;
  /** Shown only to users holding this platform permission. */
  permission?: string;
}

/** A staff screen's link: shown for the permission its route and the server's call behind it check. */
const staffLink = (to: string, label: string, icon: typeof IconUser): AccountLink => {
  const permission = staffScreenPermission(to);
  if (permission === undefined) throw new Error(`${to} is not in the staff screens table (@tv/contract)`);
  return permission === null ? { to, label, icon } : { to, label, icon, permission };
};

export const personalLinks: AccountLink[] = [
  { to: '/user/profile', label: 'Profile', icon: IconUser },
  { to: '/user/manage-members', label: 'Members', icon: IconUsersGroup },
  { to: '/user/purchase-history', label: 'Purchase history', icon: IconReceipt },
];

/** Only for platform staff (platform role with permissions). */
export const platformLinks: AccountLink[] = [
  staffLink('/research/builder/admin/surveys', 'All surveys', IconLayoutList),
  staffLink('/research/builder/admin/users', 'Users', IconUsers),
  staffLink('/research/builder/admin/organizations', 'Organizations', IconBuilding),
  staffLink('/research/builder/admin/incidents', 'Safeguarding incidents', IconLifebuoy),
  staffLink('/research/builder/admin/content', 'Content', IconFileText),
  staffLink('/research/builder/admin/shop/products', 'Shop', IconShoppingBag),
  staffLink('/research/builder/admin/leads', 'Leads', IconMailOpened),
  staffLink('/research/builder/admin/feature-flags', 'Feature flags', IconFlag),
  staffLink('/mail/outbox', 'Mail outbox', IconInbox),
  staffLink('/mail/preview', 'Mail preview', IconMail),
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
