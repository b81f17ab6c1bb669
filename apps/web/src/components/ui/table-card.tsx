import { Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface TableCardProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The header cells (Table.Th). */
  head: ReactNode;
  /** The body rows (Table.Tr). */
  children: ReactNode;
}

export function TableCard({ minWidth, head, children }: TableCardProps) {
  return (
    // Positioned, so the visually hidden header text stays inside the scrolling table on phones.
    <Paper withBorder radius="lg" pos="relative" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
