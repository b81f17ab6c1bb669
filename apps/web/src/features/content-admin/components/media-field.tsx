import { Button, Card, Group, Input, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { QueryState } from '../../../components/ui/query-state';
import { type MediaFile, useMediaFiles } from '../api/get-media-files';
import { MediaActionButton, MediaGrid, MediaThumb, mediaActionLabel } from './media-grid';
import { MediaUploadArea } from './media-upload-area';

interface MediaFieldProps {
  label: string;
  description?: string;
  /** One media id (or null), or a list of ids when `multiple`. */
  value: number | null | number[];
  onChange: (value: number | null | number[]) => void;
  multiple?: boolean;
  accept?: string;
  error?: string | undefined;
  readOnly?: boolean;
}

const idsOf = (value: MediaFieldProps['value']): number[] =>
  Array.isArray(value) ? value : value === null ? [] : [value];

/** A cover, a download or a set of preview pages: picked from the media library or uploaded on the spot. */
export function MediaField({
  label,
  description,
  value,
  onChange,
  multiple = false,
  accept,
  error,
  readOnly,
}: MediaFieldProps) {
  const files = useMediaFiles();
  const [picking, setPicking] = useState(false);
  const ids = idsOf(value);
  const byId = new Map((files.data ?? []).map((file) => [file.id, file]));

  const choose = (file: MediaFile) => {
    if (multiple) {
      onChange(ids.includes(file.id) ? ids.filter((id) => id !== file.id) : [...ids, file.id]);
      return;
    }
    onChange(file.id);
    setPicking(false);
  };
  const remove = (id: number) => onChange(multiple ? ids.filter((other) => other !== id) : null);

  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div">
      <Stack gap="xs" mt={4}>
        {ids.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: multiple ? 4 : 2 }} spacing="sm" maw={multiple ? undefined : 420}>
            {ids.map((id) => {
              const file = byId.get(id);
              return (
                <Card key={id} withBorder radius="md" padding="xs">
                  {file ? (
                    <Card.Section>
                      <MediaThumb file={file} />
                    </Card.Section>
                  ) : null}
                  <Group justify="space-between" gap={4} mt="xs" wrap="nowrap">
                    <Text size="xs" truncate title={file?.name}>
                      {file?.name ?? (files.isPending ? 'Loading…' : `File ${id} (missing)`)}
                    </Text>
                    {readOnly ? null : (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="gray"
                        onClick={() => remove(id)}
                        aria-label={`Remove ${file?.name ?? `file ${id}`} from ${label}`}
                      >
                        <IconX size={14} aria-hidden />
                      </Button>
                    )}
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            None chosen
          </Text>
        )}
        {readOnly ? null : (
          <Group>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
              onClick={() => setPicking(true)}
              aria-label={`Choose ${label.toLowerCase()}`}
            >
              {multiple ? 'Add from library' : ids.length > 0 ? 'Replace' : 'Choose'}
            </Button>
          </Group>
        )}
      </Stack>

      <Modal
        opened={picking}
        onClose={() => setPicking(false)}
        title={<Text fw={700}>{label}: media library</Text>}
        closeButtonProps={{ 'aria-label': 'Close' }}
        size="xl"
      >
        <Stack gap="md">
          <MediaUploadArea
            accept={accept}
            onUploaded={(stored) => {
              const [first] = stored;
              if (!multiple && first) choose(first);
              if (multiple) onChange([...ids, ...stored.map((file) => file.id)]);
            }}
          />
          <QueryState
            query={files}
            loadingLabel="Loading the media library"
            skeletonRows={3}
            errorTitle="The media library could not be loaded"
          >
            {(rows) =>
              rows.length === 0 ? (
                <EmptyStateCard
                  icon={IconPhotoPlus}
                  title="The library is empty"
                  description="Upload a file above and it is chosen at once."
                />
              ) : (
                <MediaGrid
                  files={rows}
                  selected={ids}
                  actions={(file) => (
                    <MediaActionButton
                      label={mediaActionLabel(ids.includes(file.id) ? 'Unselect' : 'Use', file)}
                      onClick={() => choose(file)}
                    >
                      {ids.includes(file.id) ? (multiple ? 'Unselect' : 'Chosen') : 'Use'}
                    </MediaActionButton>
                  )}
                />
              )
            }
          </QueryState>
          {multiple ? (
            <Group justify="flex-end">
              <Button onClick={() => setPicking(false)}>Done</Button>
            </Group>
          ) : null}
        </Stack>
      </Modal>
    </Input.Wrapper>
  );
}
