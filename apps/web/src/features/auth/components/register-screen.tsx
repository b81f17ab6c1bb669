import { Box, Stack, Text } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { PendingPurchaseNote } from './pending-purchase-note';
import { SignUpForm } from './sign-up-form';

export function RegisterScreen() {
  const search = useSearch({ strict: false });
  const redirect = typeof search.redirect === 'string' ? search.redirect : undefined;
  return (
    <Box w="100%" maw={460}>
      <Stack gap="xl">
        <ScreenHeader
          area="Create account"
          title="Create your TeenVoice account"
          description="New organizations register here to start surveying verified panels of 13–19 year-olds."
        />
        <PendingPurchaseNote redirect={redirect} action="Create your account" />
        <SignUpForm redirect={redirect} />
        <Text size="sm" c="dimmed" ta="center">
          Already have an account?{' '}
          <AnchorLink to="/login" search={redirect ? { redirect } : {}} fw={600}>
            Sign in
          </AnchorLink>
        </Text>
      </Stack>
    </Box>
  );
}
