import { Alert, Box, Stack, Tabs } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { useUserStore } from '../../../stores/user-store';
import { PendingPurchaseNote } from './pending-purchase-note';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

const SIGN_UP_HASH = 'sign-up';

/** /login signs in, and signs up on #sign-up; ?redirect= says where to go afterwards. */
export function LoginScreen() {
  const hash = useRouterState({ select: (state) => state.location.hash });
  const search = useSearch({ strict: false });
  const redirect = typeof search.redirect === 'string' ? search.redirect : undefined;
  const idleUserLogout = useUserStore((state) => state.idleUserLogout);
  const navigate = useNavigate();
  const signingUp = hash === SIGN_UP_HASH;

  return (
    <Box w="100%" maw={460}>
      <Stack gap="xl">
        {signingUp ? (
          <ScreenHeader
            area="Create account"
            title="Create your TeenVoice account"
            description="New organizations register here to start surveying verified panels of 13–19 year-olds."
          />
        ) : (
          <ScreenHeader
            area="Sign in"
            title="Sign in to TeenVoice"
            description="Organization members sign in here with their work email to build, publish and analyze surveys."
          />
        )}
        {idleUserLogout ? (
          <Alert color="yellow" variant="light" icon={<IconClockPause size={18} />}>
            You were signed out because you were inactive.
          </Alert>
        ) : null}
        <PendingPurchaseNote redirect={redirect} action={signingUp ? 'Create your account' : 'Sign in'} />
        <Tabs
          keepMounted={false}
          value={signingUp ? 'sign-up' : 'sign-in'}
          onChange={(value) =>
            void navigate({
              to: '/login',
              search: (previous) => previous,
              hash: value === 'sign-up' ? SIGN_UP_HASH : undefined,
              replace: true,
            })
          }
        >
          <Tabs.List grow>
            <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
            <Tabs.Tab value="sign-up">Create account</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="sign-in" pt="lg">
            <SignInForm redirect={redirect} />
          </Tabs.Panel>
          <Tabs.Panel value="sign-up" pt="lg">
            <SignUpForm redirect={redirect} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Box>
  );
}
