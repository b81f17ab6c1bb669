import { Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormModal } from '../../../components/ui/form-modal';
import type { MediaFile } from '../api/get-media-files';
import { useUpdateMediaAltText } from '../api/update-media-alt-text';

/** Alt text for one upload: required, and what covers and images of it say to a screen reader. */
export function AltTextModal({ file, onClose }: { file: MediaFile; onClose: () => void }) {
  const save = useUpdateMediaAltText();
  const [alt, setAlt] = useState(file.alternativeText ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <FormModal
      opened
      title={`Alt text for ${file.name}`}
      onClose={onClose}
      pending={save.isPending}
      error={save.error}
      submitLabel="Save alt text"
      onSubmit={(event) => {
        event.preventDefault();
        const text = alt.trim();
        if (!text) {
          setError('Describe what the image shows in a few words.');
          return;
        }
        save.mutate(
          { id: file.id, alternativeText: text },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', title: 'Alt text saved', message: file.name });
              onClose();
            },
          },
        );
      }}
    >
      <Textarea
        label="Alt text"
        description="What the image shows, for people who use a screen reader. Covers use it on the public pages."
        value={alt}
        onChange={(event) => {
          setAlt(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        autosize
        minRows={2}
        maxLength={500}
        required
        data-autofocus
      />
    </FormModal>
  );
}
