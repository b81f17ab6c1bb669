import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { pushDataLayer } from '../../../lib/analytics';
import type { BuilderCopy } from '../copy';

const EVENT = 'survey_builder_complexity_modal';

interface ComplexityModalProps {
  opened: boolean;
  onClose: () => void;
  copy: BuilderCopy;
}

/** The 'survey builder complexity modal': custom studies are designed with the research team (spec §2). */
export function ComplexityModal({ opened, onClose, copy }: ComplexityModalProps) {
  const navigate = useNavigate();
  const viewed = useRef(false);

  // One view event per opening, even when effects run twice in development.
  useEffect(() => {
    if (opened && !viewed.current) pushDataLayer({ event: EVENT, action: 'view' });
    viewed.current = opened;
  }, [opened]);

  const dismiss = () => {
    pushDataLayer({ event: EVENT, action: 'dismiss' });
    onClose();
  };

  return (
    <Modal opened={opened} onClose={dismiss} title={copy.complexityTitle} size="md" centered>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconUsersGroup size={24} />
          </ThemeIcon>
          <Text>{copy.complexityBody}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          You can still start a custom draft now and shape it with us later.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={dismiss}>
            {copy.complexityDismiss}
          </Button>
          <Button
            onClick={() => {
              pushDataLayer({ event: EVENT, action: 'contact_us_click' });
              onClose();
              void navigate({ to: '/contact' });
            }}
          >
            {copy.complexityContact}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
