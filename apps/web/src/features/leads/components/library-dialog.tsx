import { Modal, Text } from '@mantine/core';
import { useLibraryDialogStore } from '../../../stores/library-dialog-store';
import { CompanyLeadForm } from './company-lead-form';

/** A gated library item's form: who is asking, then the file at once (and by mail). */
export function LibraryDialog() {
  const item = useLibraryDialogStore((state) => state.item);
  const close = useLibraryDialogStore((state) => state.close);
  return (
    <Modal
      opened={item !== null}
      onClose={close}
      title={<span id="library-dialog-title">{item ? item.actionLabel : 'Get it'}</span>}
      size="lg"
      radius="lg"
      centered
    >
      {item ? (
        <>
          <Text size="sm" mb="md">
            <Text span fw={700}>
              {item.title}
            </Text>{' '}
            is free. Tell us who you are and you get it right away; we also email you the link.
          </Text>
          <CompanyLeadForm
            key={item.id}
            kind="library"
            libraryItem={{ id: item.id, actionLabel: item.actionLabel }}
            labelledBy="library-dialog-title"
            onCancel={close}
          />
        </>
      ) : null}
    </Modal>
  );
}
