import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSalesDialogStore } from '../../stores/sales-dialog-store';

/** Opens the "Speak to sales" form wherever it is placed. */
export function TalkToSalesButton({
  children = 'Talk to sales',
  ...props
}: ButtonProps & { children?: ReactNode }) {
  const open = useSalesDialogStore((state) => state.open);
  return (
    <Button type="button" aria-haspopup="dialog" onClick={open} {...props}>
      {children}
    </Button>
  );
}
