import { Button, Chip, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconSearchOff } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ResearchTheme, researchThemeLabels, researchThemes } from '@tv/contract';
import { useEffect, useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { useArticles } from '../api/get-articles';
import { useReports } from '../api/get-reports';
import { type FeedItem, feedTags, mixFeed } from '../utils/research-feed';
import { parseResearchSearch, type ResearchSearch } from '../utils/research-search';
import { ResearchCard } from './research-card';

const ALL = 'all';
/** Cards shown at first and added by each "Show more": a screenful or two, not the whole archive. */
const PAGE = 9;

/** The filters live in the URL; this reads them back, already validated by the route. */
export function useResearchSearch() {
  const search = parseResearchSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const setSearch = (next: ResearchSearch) =>
    void navigate({ to: '/research', search: parseResearchSearch({ ...next }), replace: true });
  return { search, setSearch };
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState(value);
  // Back, a tag link or "Clear filters" change the URL: the box follows it.
  useEffect(() => setDraft(value), [value]);
  const debounced = useDebouncedCallback(onSearch, 350);
  return (
    <TextInput
      label="Search research"
      placeholder="Try “screen time” or “first jobs”"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={draft}
      maxLength={100}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

function FeedGrid({ items }: { items: FeedItem[] }) {
  const [shown, setShown] = useState(PAGE);
  return (
    <Stack gap="xl" align="center">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="research-feed" w="100%">
        {items.slice(0, shown).map((item) => (
          <ResearchCard key={`${item.kind}-${item.id}`} item={item} />
        ))}
      </SimpleGrid>
      {items.length > shown ? (
        <Button variant="default" size="md" onClick={() => setShown((count) => count + PAGE)}>
          Show more research ({items.length - shown} more)
        </Button>
      ) : null}
    </Stack>
  );
}

/** The mixed feed of reports and articles, newest first, with theme, tag and text filters. */
export function ResearchFeed() {
  const { search, setSearch } = useResearchSearch();
  const articles = useArticles(search);
  const reports = useReports(search);
  // The unfiltered lists (already loaded with the page) give every tag in use.
  const allArticles = useArticles();
  const allReports = useReports();
  const items = mixFeed(articles.data, reports.data);
  const tags = feedTags(mixFeed(allArticles.data, allReports.data));
  const filtered = Boolean(search.theme || search.tag || search.q);

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Chip.Group
          multiple={false}
          value={search.theme ?? ALL}
          onChange={(value) =>
            setSearch({ ...search, theme: value === ALL ? undefined : (value as ResearchTheme) })
          }
        >
          <Group gap="xs" role="group" aria-label="Filter by theme">
            <Chip value={ALL} variant="outline">
              All themes
            </Chip>
            {researchThemes.map((theme) => (
              <Chip key={theme} value={theme} variant="outline">
                {researchThemeLabels[theme]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchBox value={search.q ?? ''} onSearch={(q) => setSearch({ ...search, q })} />
          <Select
            label="Tag"
            placeholder="Any tag"
            data={tags}
            value={search.tag ?? null}
            onChange={(tag) => setSearch({ ...search, tag: tag ?? undefined })}
            clearable
            searchable
            nothingFoundMessage="No tag by that name"
            w={{ base: '100%', sm: 240 }}
          />
          {filtered ? (
            <Button variant="subtle" onClick={() => setSearch({})}>
              Clear filters
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="research-count">
          {items.length === 1 ? '1 result' : `${items.length} results`}
        </Text>
      </Stack>

      {items.length === 0 ? (
        <EmptyStateCard
          icon={IconSearchOff}
          title="No research matches those filters"
          description={
            filtered
              ? 'Try another theme, a shorter search or a different tag, or clear the filters to see everything we have published.'
              : 'Our first reports and articles are on their way. Check back soon, or ask our team about a study of your own.'
          }
          action={
            filtered ? (
              <Button variant="light" onClick={() => setSearch({})}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        // Keyed by the filters, so a new filter starts again from the first cards.
        <FeedGrid key={`${search.theme}|${search.tag}|${search.q}`} items={items} />
      )}
    </Stack>
  );
}
