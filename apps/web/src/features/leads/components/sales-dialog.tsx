import { Modal, Text } from '@mantine/core';
import { useSalesDialogStore } from '../../../stores/sales-dialog-store';
import { CompanyLeadForm } from './company-lead-form';

/** The one "Speak to sales" form, opened by every "Talk to sales" button on the site. */
export function SalesDialog() {
  const opened = useSalesDialogStore((state) => state.opened);
  const close = useSalesDialogStore((state) => state.close);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<span id="speak-to-sales-title">Speak to sales</span>}
      size="lg"
      radius="lg"
      centered
    >
      {opened ? (
        <>
          <Text size="sm" c="dimmed" mb="md">
            Tell us about your organization and what you want to learn from teenagers. A research lead will
            reply within one business day with options and prices.
          </Text>
          <CompanyLeadForm kind="sales" labelledBy="speak-to-sales-title" onCancel={close} />
        </>
      ) : null}
    </Modal>
  );
}
