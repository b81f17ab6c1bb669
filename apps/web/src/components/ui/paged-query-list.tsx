import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListPagination } from './list-pagination';
import { QueryState, type QueryStateProps } from './query-state';

interface Page<TItem> {
  data: TItem[];
  meta: { total: number };
}

interface PagedQueryListProps<TItem> extends Omit<QueryStateProps<Page<TItem>>, 'children'> {
  /** Shown instead of the list when the page has no rows. */
  empty: ReactNode;
  page: number;
  pageSize: number;
  /** What the rows are, in the plural, for the 'x–y of z' line. */
  noun: string;
  onPageChange: (page: number) => void;
  children: (items: TItem[]) => ReactNode;
}

/** One page of a server-paginated list, with its loading, error and empty states and the page buttons. */
export function PagedQueryList<TItem>({
  empty,
  page,
  pageSize,
  noun,
  onPageChange,
  children,
  ...state
}: PagedQueryListProps<TItem>) {
  return (
    <QueryState {...state}>
      {({ data, meta }) =>
        data.length === 0 ? (
          empty
        ) : (
          <Stack gap="md">
            {children(data)}
            <ListPagination
              page={page}
              pageSize={pageSize}
              total={meta.total}
              noun={noun}
              onChange={onPageChange}
            />
          </Stack>
        )
      }
    </QueryState>
  );
}
