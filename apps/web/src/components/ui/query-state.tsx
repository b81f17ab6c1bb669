import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { serverMessage } from '../../lib/backend-client';

export interface QueryStateProps<TData> {
  query: UseQueryResult<TData>;
  /** Names the placeholder for screen readers, e.g. 'Loading users'. */
  loadingLabel: string;
  skeletonRows: number;
  /** One placeholder row, drawn skeletonRows times; a single line by default. */
  skeletonRow?: ReactNode;
  /** Heads the alert when loading fails, e.g. 'Users could not be loaded'. */
  errorTitle: string;
  children: (data: TData) => ReactNode;
}

/** Skeleton rows while a query loads, an alert with a retry when it fails, and the content once it is there. */
export function QueryState<TData>({
  query,
  loadingLabel,
  skeletonRows,
  skeletonRow = <Skeleton h={18} />,
  errorTitle,
  children,
}: QueryStateProps<TData>) {
  if (query.isPending) {
    return (
      <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label={loadingLabel}>
        <Stack gap="md">
          {[...Array(skeletonRows).keys()].map((row) => (
            <Fragment key={row}>{skeletonRow}</Fragment>
          ))}
        </Stack>
      </Paper>
    );
  }

  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={errorTitle}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverMessage(query.error, 'Please try again in a moment.')}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  return children(query.data);
}
