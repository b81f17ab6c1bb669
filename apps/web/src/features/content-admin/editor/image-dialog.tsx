import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { QueryState } from '../../../components/ui/query-state';
import { isImage, type MediaFile, useMediaFiles } from '../api/get-media-files';
import { AltTextField } from '../components/alt-text-field';
import { MediaActionButton, MediaGrid, mediaActionLabel } from '../components/media-grid';
import { MediaUploadArea } from '../components/media-upload-area';

export const ALT_REQUIRED_MESSAGE = 'Describe the image for people who cannot see it.';

/** Remount it (change its key) for each opening, so it starts from the image being edited. */
interface ImageDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Editing the alt text of an image already in the text: no picking, only the description. */
  editing?: { src: string; alt: string } | null;
  onDone: (image: { src: string; alt: string }) => void;
}

/**
 * Inserting an image: upload it or pick it from the media library, then describe it. The alt text is
 * required (it starts from the one the library keeps for the file); nothing is inserted without it.
 */
export function ImageDialog({ opened, onClose, editing, onDone }: ImageDialogProps) {
  const files = useMediaFiles();
  const [picked, setPicked] = useState<MediaFile | null>(null);
  const [alt, setAlt] = useState(editing?.alt ?? '');
  const [error, setError] = useState<string | null>(null);
  const src = editing?.src ?? picked?.url ?? null;

  const pick = (file: MediaFile) => {
    setPicked(file);
    setAlt(file.alternativeText ?? '');
    setError(null);
  };
  const close = () => {
    setPicked(null);
    setAlt('');
    setError(null);
    onClose();
  };
  const submit = () => {
    const text = alt.trim();
    if (!text) {
      setError(ALT_REQUIRED_MESSAGE);
      return;
    }
    if (!src) return;
    onDone({ src, alt: text });
    close();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={700}>{editing ? 'Image description' : 'Insert an image'}</Text>}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size={src ? 'md' : 'xl'}
    >
      {src ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Image src={src} alt="" radius="md" mah={220} fit="contain" />
            <AltTextField
              value={alt}
              onChange={(value) => {
                setAlt(value);
                setError(null);
              }}
              error={error}
              use="Required."
            />
            <Group justify="flex-end">
              {editing ? null : (
                <Button variant="default" onClick={() => setPicked(null)}>
                  Choose another
                </Button>
              )}
              <Button type="submit">{editing ? 'Save description' : 'Insert image'}</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <MediaUploadArea
            accept="image/*"
            onUploaded={(stored) => {
              const first = stored.find(isImage);
              if (first) pick(first);
            }}
          />
          <QueryState
            query={files}
            loadingLabel="Loading the media library"
            skeletonRows={3}
            errorTitle="The media library could not be loaded"
          >
            {(rows) => {
              const images = rows.filter(isImage);
              return images.length === 0 ? (
                <EmptyStateCard
                  icon={IconPhoto}
                  title="No images in the library yet"
                  description="Upload an image above, then describe it."
                />
              ) : (
                <MediaGrid
                  files={images}
                  actions={(file) => (
                    <MediaActionButton label={mediaActionLabel('Use', file)} onClick={() => pick(file)}>
                      Use
                    </MediaActionButton>
                  )}
                />
              );
            }}
          </QueryState>
        </Stack>
      )}
    </Modal>
  );
}
