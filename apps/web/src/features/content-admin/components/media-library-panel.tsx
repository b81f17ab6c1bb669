import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { QueryState } from '../../../components/ui/query-state';
import { useDeleteMediaFile } from '../api/delete-media-file';
import { isImage, type MediaFile, useMediaFiles } from '../api/get-media-files';
import { AltTextModal } from './alt-text-modal';
import { MediaActionButton, MediaGrid, mediaActionLabel } from './media-grid';
import { MediaUploadArea } from './media-upload-area';

/** Every uploaded image and file; covers, preview pages and downloads are picked from here. */
export function MediaLibraryPanel({ canManage }: { canManage: boolean }) {
  const files = useMediaFiles();
  const remove = useDeleteMediaFile();
  const [deleting, setDeleting] = useState<MediaFile | null>(null);
  const [describing, setDescribing] = useState<MediaFile | null>(null);

  return (
    <Stack gap="md">
      <Text c="dimmed" maw={640}>
        Images for covers and report previews, and files people download from the library.
      </Text>
      {canManage ? <MediaUploadArea /> : null}
      <QueryState
        query={files}
        loadingLabel="Loading the media library"
        skeletonRows={4}
        errorTitle="The media library could not be loaded"
      >
        {(rows) =>
          rows.length === 0 ? (
            <EmptyStateCard
              icon={IconPhoto}
              title="No media yet"
              description={
                canManage
                  ? 'Upload a cover image or a PDF above; it can then be used by any entry.'
                  : 'Images and files appear here once a content editor uploads them.'
              }
            />
          ) : (
            <MediaGrid
              files={rows}
              actions={(file) =>
                canManage ? (
                  <>
                    {isImage(file) ? (
                      <MediaActionButton
                        label={mediaActionLabel(
                          file.alternativeText ? 'Edit alt text of' : 'Add alt text to',
                          file,
                        )}
                        color={file.alternativeText ? undefined : 'yellow'}
                        onClick={() => setDescribing(file)}
                      >
                        {file.alternativeText ? 'Alt text' : 'Add alt text'}
                      </MediaActionButton>
                    ) : null}
                    <MediaActionButton
                      label={mediaActionLabel('Delete', file)}
                      color="red"
                      onClick={() => {
                        remove.reset();
                        setDeleting(file);
                      }}
                    >
                      Delete
                    </MediaActionButton>
                  </>
                ) : null
              }
            />
          )
        }
      </QueryState>
      {describing ? <AltTextModal file={describing} onClose={() => setDescribing(null)} /> : null}

      <ConfirmModal
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this file'}?`}
        confirmLabel="Delete file"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notifications.show({ color: 'green', title: 'File deleted', message: `${name} is gone.` });
            },
          });
        }}
      >
        <Text size="sm">Entries that use it lose the image or download. This cannot be undone.</Text>
      </ConfirmModal>
    </Stack>
  );
}
