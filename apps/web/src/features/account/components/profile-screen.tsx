import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { useUserStore } from '../../../stores/user-store';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import { SettingsSection } from './settings-section';

export function ProfileScreen() {
  const user = useUserStore((state) => state.user);
  if (!user) return null;

  return (
    <Stack gap={40}>
      <ScreenHeader
        area="Account"
        title="Your profile"
        description="Your name, email address and marketing preferences for this account."
      />
      <SettingsSection
        title="Personal details"
        headingId="profile-details"
        description="Your name appears to colleagues in your organization and on surveys you build."
      >
        <ProfileForm user={user} />
      </SettingsSection>
      <Divider />
      <SettingsSection
        title="Password"
        headingId="profile-password"
        description="Changing your password signs you out on every other device."
      >
        <ChangePasswordForm />
      </SettingsSection>
      <Divider />
      <SettingsSection
        title="Access"
        headingId="profile-access"
        description="Where you work in TeenVoice. Organization admins change roles on the Members page."
      >
        <Stack gap="sm">
          {user.platform.roleName ? (
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>TeenVoice platform</Text>
              <Badge variant="light">{user.platform.roleName}</Badge>
            </Group>
          ) : null}
          {user.organizations.length === 0 && !user.platform.roleName ? (
            <Text size="sm" c="dimmed">
              You are not in an organization yet. Ask an organization admin to invite you by email.
            </Text>
          ) : null}
          {user.organizations.map((organization) => (
            <Group key={organization.id} justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {organization.name}
              </Text>
              <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                {organization.roleName ?? 'Member'}
              </Badge>
            </Group>
          ))}
        </Stack>
      </SettingsSection>
    </Stack>
  );
}
