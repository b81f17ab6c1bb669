import { Button, Divider, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { signOut } from '../../../lib/session';
import { selectIsPlatformUser, useUserStore } from '../../../stores/user-store';
import { linksFor, personalLinks, platformLinks, surveysLink } from './account-links';

/** The account menu's links in the mobile navigation drawer. */
export function AccountDrawerLinks({ onNavigate }: { onNavigate: () => void }) {
  const user = useUserStore((state) => state.user);
  const selected = useUserStore((state) => state.selectedOrganization);
  const isPlatformUser = useUserStore(selectIsPlatformUser);
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const links = [
    ...personalLinks,
    ...(isPlatformUser ? linksFor(platformLinks, user.platform.permissions) : [surveysLink]),
  ];

  return (
    <Stack gap="xs">
      <div>
        <Text fw={700}>{name}</Text>
        <Text size="sm" c="dimmed">
          {selected ? selected.name : user.email}
        </Text>
      </div>
      <Stack gap={0} component="nav" aria-label="Account">
        {links.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            leftSection={<link.icon size={18} stroke={1.8} />}
            onClick={onNavigate}
          />
        ))}
      </Stack>
      <Divider />
      <Group>
        <Button
          variant="default"
          fullWidth
          leftSection={<IconLogout size={16} />}
          onClick={() => {
            onNavigate();
            void signOut();
          }}
        >
          Sign out
        </Button>
      </Group>
    </Stack>
  );
}
