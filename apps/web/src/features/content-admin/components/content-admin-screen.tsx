import { Alert, Stack, Tabs } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { contentTypeLabels, contentTypes } from '@tv/contract';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { type ContentAdminSearch, type ContentAdminTab, contentAdminSearch } from '../utils/admin-search';
import { useCanManageContent } from '../utils/permissions';
import { ContentEntriesPanel } from './content-entries-panel';
import { CopyEditorPanel } from './copy-editor-panel';
import { MediaLibraryPanel } from './media-library-panel';
import { TermsPanel } from './terms-panel';

const tabs: { value: ContentAdminTab; label: string }[] = [
  ...contentTypes.map((type) => ({ value: type, label: contentTypeLabels[type] })),
  { value: 'terms', label: 'Terms' },
  { value: 'copy', label: 'Interface copy' },
  { value: 'media', label: 'Media library' },
];

/** The public site's content for staff: one tab per content type, then terms, interface copy and media. */
export function ContentAdminScreen() {
  const search: ContentAdminSearch = contentAdminSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const canManage = useCanManageContent();
  const tab = search.tab ?? 'article';

  const panel = () => {
    if (tab === 'terms') return <TermsPanel canManage={canManage} />;
    if (tab === 'copy') return <CopyEditorPanel canManage={canManage} />;
    if (tab === 'media') return <MediaLibraryPanel canManage={canManage} />;
    // Keyed by type, so the search box starts empty on another tab.
    return <ContentEntriesPanel key={tab} type={tab} search={search} canManage={canManage} />;
  };

  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Platform admin"
        title="Content"
        description="Everything the public research site shows: articles, reports, the library, FAQs, testimonials and legal pages, plus the terms, the interface copy and media."
      />

      {canManage ? null : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          You can read the content. Only content editors can change or publish it.
        </Alert>
      )}

      <Tabs
        value={tab}
        onChange={(value) => {
          if (!value) return;
          void navigate({
            to: '/research/builder/admin/content',
            search: value === 'article' ? {} : { tab: value as ContentAdminTab },
          });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Content types">
          {tabs.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((item) => (
          <Tabs.Panel key={item.value} value={item.value} pt="lg">
            {item.value === tab ? panel() : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
