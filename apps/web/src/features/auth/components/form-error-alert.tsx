import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { serverMessage } from '../../../lib/backend-client';

interface FormErrorAlertProps {
  /** Why the last request failed; nothing is shown while there is none. */
  error: unknown;
  /** Said when the server gives no reason of its own. */
  fallback: string;
  /** A way forward under the reason, such as a link. */
  action?: ReactNode;
}

/** The red alert at the top of a form whose request failed. */
export function FormErrorAlert({ error, fallback, action }: FormErrorAlertProps) {
  if (!error) return null;
  const message = serverMessage(error, fallback);
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />}>
      {action ? (
        <Stack gap={6} align="flex-start">
          <Text size="sm">{message}</Text>
          {action}
        </Stack>
      ) : (
        message
      )}
    </Alert>
  );
}
