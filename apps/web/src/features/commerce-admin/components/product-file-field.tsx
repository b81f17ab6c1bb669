import { Alert, Button, FileButton, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import type { AdminProduct } from '@tv/contract';
import { type DragEvent, useId, useState } from 'react';
import { serverMessage } from '../../../lib/backend-client';
import { type ProductFileKind, useUploadProductFile } from '../api/upload-product-file';
import { formatFileSize } from '../utils/format';
import classes from './commerce-admin.module.css';

interface ProductFileFieldProps {
  product: AdminProduct;
  kind: ProductFileKind;
  disabled: boolean;
  /** The product as the server answered the upload. */
  onUploaded: (product: AdminProduct) => void;
}

const texts = {
  file: {
    label: 'Report PDF',
    description: 'What buyers download. PDF only, up to 50 MB.',
    none: 'No file yet: the product cannot go on sale until one is uploaded.',
    choose: 'Upload PDF',
    replace: 'Replace PDF',
    done: 'The report PDF is uploaded.',
  },
  sample: {
    label: 'Free sample',
    description: 'A few pages anyone can read before buying. PDF only, up to 50 MB.',
    none: 'No sample yet. A sample is optional.',
    choose: 'Upload sample',
    replace: 'Replace sample',
    done: 'The sample is uploaded.',
  },
} as const;

/** One PDF of a product: what is stored now, a chooser (or a drop), the upload's progress and its error. */
export function ProductFileField({ product, kind, disabled, onUploaded }: ProductFileFieldProps) {
  const upload = useUploadProductFile(product.id, kind);
  const [active, setActive] = useState(false);
  const text = texts[kind];
  const labelId = useId();
  const current =
    kind === 'file'
      ? product.file
        ? `${product.file.name} · ${formatFileSize(product.file.size)}`
        : null
      : (product.sample?.name ?? null);

  const send = (file: File | null | undefined) => {
    if (!file || disabled) return;
    upload.mutate(file, {
      onSuccess: (saved) => {
        onUploaded(saved);
        notifications.show({ color: 'green', title: 'Uploaded', message: text.done });
      },
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setActive(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <div>
        <Input.Label id={labelId}>{text.label}</Input.Label>
        <Input.Description>{text.description}</Input.Description>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the keyboard uses the button */}
      <div
        className={classes.dropZone}
        data-active={active || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setActive(true);
        }}
        onDragLeave={() => setActive(false)}
        onDrop={onDrop}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
            <IconFileTypePdf size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c={current ? undefined : 'dimmed'} style={{ wordBreak: 'break-word' }}>
              {current ?? text.none}
            </Text>
          </Group>
          <FileButton onChange={send} accept="application/pdf,.pdf" disabled={disabled || upload.isPending}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                loading={upload.isPending}
                disabled={disabled}
                leftSection={<IconUpload size={14} aria-hidden />}
                aria-describedby={labelId}
              >
                {current ? text.replace : text.choose}
              </Button>
            )}
          </FileButton>
        </Group>
      </div>
      {upload.isPending ? (
        <Progress
          value={upload.progress}
          size="sm"
          animated
          aria-label={`Uploading the ${text.label.toLowerCase()}: ${upload.progress}%`}
        />
      ) : null}
      {upload.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The upload did not work">
          {serverMessage(upload.error, 'The file could not be uploaded. Please try again.')}
        </Alert>
      ) : null}
    </Stack>
  );
}
