import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormModal } from '../../../components/ui/form-modal';
import type { MediaFile } from '../api/get-media-files';
import { useUpdateMediaAltText } from '../api/update-media-alt-text';
import { AltTextField } from './alt-text-field';

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
      <AltTextField
        value={alt}
        onChange={(value) => {
          setAlt(value);
          setError(null);
        }}
        error={error}
        use="Covers use it on the public pages."
      />
    </FormModal>
  );
}
