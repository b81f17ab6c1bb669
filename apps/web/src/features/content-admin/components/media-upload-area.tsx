import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import type { MediaFile } from '../api/get-media-files';
import { useUploadMedia } from '../api/upload-media';
import { contentErrorMessage } from '../utils/content-error';
import classes from './content-admin.module.css';

interface MediaUploadAreaProps {
  /** Called with the files the server stored. */
  onUploaded?: (files: MediaFile[]) => void;
  /** Narrows the file chooser, e.g. 'image/*'; the server still decides what it accepts. */
  accept?: string;
}

/** Drop files here or choose them; the server's reason shows when it refuses one. */
export function MediaUploadArea({ onUploaded, accept }: MediaUploadAreaProps) {
  const upload = useUploadMedia();
  const [active, setActive] = useState(false);

  const send = (files: File[]) => {
    if (files.length === 0) return;
    upload.mutate(files, { onSuccess: (stored) => onUploaded?.(stored) });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setActive(false);
    send(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack gap="sm">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the keyboard uses Choose files */}
      <div
        className={classes.dropZone}
        data-active={active || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setActive(true);
        }}
        onDragLeave={() => setActive(false)}
        onDrop={onDrop}
      >
        <Stack gap="xs" align="center">
          <IconUpload size={28} aria-hidden />
          <Text fw={600}>Drop images or PDFs here</Text>
          <Text size="sm" c="dimmed">
            or
          </Text>
          <Group justify="center">
            <FileButton onChange={send} accept={accept} multiple>
              {(props) => (
                <Button {...props} variant="default" loading={upload.isPending}>
                  Choose files
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </div>
      {upload.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The upload did not work">
          {contentErrorMessage(upload.error, 'The file could not be uploaded. Please try again.')}
        </Alert>
      ) : null}
    </Stack>
  );
}
