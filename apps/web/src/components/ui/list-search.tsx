import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * The page and search text of a list screen. They live in the URL (?search=&page=), so a link or Back
 * shows the same rows; the route validates them with the shared list search.
 */
export function useListSearchParams() {
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const page = typeof search.page === 'number' ? search.page : 1;
  const query = typeof search.search === 'string' ? search.search : '';
  const goToPage = (next: number) =>
    void navigate({ to: '.', search: { ...(query ? { search: query } : {}), page: next } });
  return { page, query, goToPage };
}

interface ListSearchInputProps {
  label: string;
  placeholder: string;
}

/** Filters a list screen as the user types: a new search replaces the URL's and starts at page 1. */
export function ListSearchInput({ label, placeholder }: ListSearchInputProps) {
  const { query } = useListSearchParams();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(query);

  const setSearch = useDebouncedCallback((value: string, typedOn: string) => {
    // The person may have opened a row meanwhile: the search belongs to the list it was typed on.
    if (window.location.pathname !== typedOn) return;
    void navigate({ to: '.', search: value.trim() ? { search: value.trim() } : {}, replace: true });
  }, 300);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        setSearch(event.currentTarget.value, window.location.pathname);
      }}
      maw={420}
    />
  );
}
