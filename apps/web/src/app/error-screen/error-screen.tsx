import { Container, Stack, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ButtonLink } from '../../components/ui/links';
import { recoverFromChunkError } from '../../lib/chunk-reload';
import { handleAppError } from '../../lib/error-reporting';
import { selectIsPlatformUser, useUserStore } from '../../stores/user-store';
import { AppLayout } from '../layouts/app-layout';
import { useLastVisitedStore } from '../navigation/last-visited-store';
import { errorStatus } from '../route-meta';
import { ErrorIllustration } from './error-illustration';
import {
  chooseErrorScreenAction,
  errorDocumentTitle,
  errorScreenTitle,
  notFoundSentence,
} from './error-screen-choice';

interface ErrorScreenProps {
  status: number;
  /** The error's own message, used for the document title ('{status} - {message}'). */
  message: string;
}

export function ErrorScreen({ status, message }: ErrorScreenProps) {
  const currentPath = useRouterState({ select: (state) => state.location.pathname });
  const lastVisitedPath = useLastVisitedStore((state) => state.path);
  const isPlatformUser = useUserStore(selectIsPlatformUser);
  // A visitor who lands straight on a broken URL has no last visited path yet; the URL itself decides.
  // A staff-only screen explains itself, whatever page the person came from.
  const staffOnly = currentPath.includes('/research/builder/admin/');
  const choice = chooseErrorScreenAction(
    staffOnly ? currentPath : (lastVisitedPath ?? currentPath),
    isPlatformUser,
  );

  useEffect(() => {
    document.title = errorDocumentTitle(status, message);
  }, [status, message]);

  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Stack align="center" gap="lg" ta="center">
        <ErrorIllustration />
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {errorScreenTitle(status)}
        </Title>
        <Text size="lg" c="dimmed" maw={520} data-testid="error-message">
          {choice.message ?? notFoundSentence(choice.returnPlace)}
        </Text>
        <ButtonLink to={choice.button.to} size="md" radius="md" mt="xs">
          {choice.button.label}
        </ButtonLink>
      </Stack>
    </Container>
  );
}

/** Unmatched paths (spec §2: 404 'Page not found'). */
export function NotFoundScreen() {
  return <ErrorScreen status={404} message="Page not found" />;
}

/** Errors of a child route; the root layout already switched to the marketing layout. */
export function RouteErrorScreen({ error }: Pick<ErrorComponentProps, 'error'>) {
  const reloading = recoverFromChunkError(error);
  const status = errorStatus(error);

  useEffect(() => {
    if (!reloading && status >= 500) handleAppError(error, 'route');
  }, [error, reloading, status]);

  if (reloading) return null;
  const message = error instanceof Error && error.message ? error.message : 'Page not found';
  return <ErrorScreen status={status} message={message} />;
}

/** Errors of the root route itself (redirect check, middleware): no layout is rendered yet. */
export function RootErrorScreen({ error }: Pick<ErrorComponentProps, 'error'>) {
  return (
    <AppLayout layout="marketing">
      <RouteErrorScreen error={error} />
    </AppLayout>
  );
}
