import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenHeader } from '../../../components/ui/screen-header';

interface PurchaseHistoryScreenProps {
  /** The orders list (the shop feature's; the route composes it in). */
  orders: ReactNode;
  /** The purchased reports with their download buttons. */
  downloads: ReactNode;
}

function HistorySection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" component="section" aria-labelledby={id}>
      <div>
        <Title order={2} fz="xl" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

export function PurchaseHistoryScreen({ orders, downloads }: PurchaseHistoryScreenProps) {
  return (
    <Stack gap={40}>
      <ScreenHeader
        area="Account"
        title="Purchase history"
        description="Research reports you have bought, with their receipts and downloads."
      />
      <HistorySection
        id="orders-heading"
        title="Orders"
        description="Your orders and your organizations' orders, newest first. Paid orders have a receipt."
      >
        {orders}
      </HistorySection>
      <HistorySection
        id="downloads-heading"
        title="Your downloads"
        description="Download links are made for you each time you open this page; each report allows a set number of downloads."
      >
        {downloads}
      </HistorySection>
    </Stack>
  );
}
