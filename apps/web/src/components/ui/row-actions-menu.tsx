import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface RowActionsMenuProps {
  /** Who or what the row is, for the button's accessible name ('Actions for …'). */
  name: string;
  /** The Menu.Item entries. */
  children: ReactNode;
}

/** The '…' button at the end of a list row, opening that row's actions. */
export function RowActionsMenu({ name, children }: RowActionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

interface DangerMenuItemProps {
  icon: ReactNode;
  onClick: () => void;
  children: ReactNode;
}

/** A menu entry for a destructive action, in red that is readable in both colour modes. */
export function DangerMenuItem({ icon, onClick, children }: DangerMenuItemProps) {
  return (
    <Menu.Item color="red" c="var(--mantine-color-error)" leftSection={icon} onClick={onClick}>
      {children}
    </Menu.Item>
  );
}
