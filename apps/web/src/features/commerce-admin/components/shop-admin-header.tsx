import { Button, Group, Stack } from '@mantine/core';
import { IconChartBar, IconPackage, IconReceipt, IconTicket } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { shopAdminPath } from '../utils/shop-search';

export type ShopAdminSection = 'products' | 'orders' | 'sales' | 'coupons';

const sections = [
  { value: 'products', label: 'Products', icon: IconPackage },
  { value: 'orders', label: 'Orders', icon: IconReceipt },
  { value: 'sales', label: 'Sales', icon: IconChartBar },
  { value: 'coupons', label: 'Coupons', icon: IconTicket },
] as const;

interface ShopAdminHeaderProps {
  current: ShopAdminSection;
  title: string;
  description: string;
}

/** The shop's staff screens share one header and a row of links between them. */
export function ShopAdminHeader({ current, title, description }: ShopAdminHeaderProps) {
  return (
    <Stack gap="lg">
      <ScreenHeader area="Platform admin · Shop" title={title} description={description} />
      <Group component="nav" aria-label="Shop admin" gap={4} wrap="wrap">
        {sections.map((section) => {
          const active = section.value === current;
          return (
            <Button
              key={section.value}
              component={Link}
              to={`${shopAdminPath}/${section.value}`}
              size="sm"
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              aria-current={active ? 'page' : undefined}
              leftSection={<section.icon size={16} aria-hidden />}
            >
              {section.label}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}
