import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { signOut, switchOrganization } from '../../../lib/session';
import { selectIsPlatformUser, useUserStore } from '../../../stores/user-store';
import { initialsOf, linksFor, personalLinks, platformLinks, surveysLink } from './account-links';
import classes from './account-menu.module.css';

/** The signed-in person's menu in the top navigation: who they are, where they act, where to go. */
export function AccountMenu() {
  const user = useUserStore((state) => state.user);
  const organizations = useUserStore((state) => state.userOrganizations);
  const selected = useUserStore((state) => state.selectedOrganization);
  const isPlatformUser = useUserStore(selectIsPlatformUser);
  if (!user) return null;

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Your account';
  const links = isPlatformUser ? linksFor(platformLinks, user.platform.permissions) : [surveysLink];

  return (
    <Menu position="bottom-end" width={280} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label={`Account menu for ${name}`}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={32} radius="xl" color="green" variant="filled">
              {initialsOf(user.firstName, user.lastName, user.email)}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" className={classes.name}>
              {user.firstName ?? name}
            </Text>
            {/* Hidden on phones, where the top bar also holds the cart and the menu button. */}
            <Box component="span" visibleFrom="xs" display="inline-flex">
              <IconChevronDown size={14} aria-hidden />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.who}>
          <Text size="sm" fw={700} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
          {selected && organizations.length <= 1 ? (
            <Text size="xs" c="dimmed" truncate>
              {selected.name}
              {selected.roleName ? ` · ${selected.roleName}` : ''}
            </Text>
          ) : null}
        </div>

        {organizations.length > 1 ? (
          <>
            <Menu.Divider />
            <Menu.Label>Organization</Menu.Label>
            {organizations.map((organization) => {
              const active = organization.id === selected?.id;
              return (
                <Menu.Item
                  key={organization.id}
                  onClick={() => switchOrganization(organization)}
                  rightSection={active ? <IconCheck size={14} aria-hidden /> : null}
                  aria-current={active ? 'true' : undefined}
                >
                  <Text size="sm" truncate>
                    {organization.name}
                  </Text>
                  {organization.roleName ? (
                    <Text size="xs" c="dimmed">
                      {organization.roleName}
                    </Text>
                  ) : null}
                </Menu.Item>
              );
            })}
          </>
        ) : null}

        <Menu.Divider />
        <Menu.Label>Account</Menu.Label>
        {personalLinks.map((link) => (
          <Menu.Item
            key={link.to}
            component={Link}
            to={link.to}
            leftSection={<link.icon size={16} stroke={1.8} />}
          >
            {link.label}
          </Menu.Item>
        ))}

        <Menu.Divider />
        <Menu.Label>{isPlatformUser ? 'Platform' : 'Research'}</Menu.Label>
        {links.map((link) => (
          <Menu.Item
            key={link.to}
            component={Link}
            to={link.to}
            leftSection={<link.icon size={16} stroke={1.8} />}
          >
            {link.label}
          </Menu.Item>
        ))}

        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} stroke={1.8} />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
