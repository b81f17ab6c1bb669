import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconLanguage, IconPlus } from '@tabler/icons-react';
import { type CopyDocument, copyDocumentSchema } from '@tv/contract';
import { type FormEvent, useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { QueryState } from '../../../components/ui/query-state';
import { TableCard } from '../../../components/ui/table-card';
import { useCopyDocument } from '../api/get-copy-document';
import { useSaveCopyDocument } from '../api/save-copy-document';
import { contentErrorMessage } from '../utils/content-error';

/** The section the app reads when none is named (spec §3). */
const DEFAULT_SECTION = 'builder';

interface AddKeyFormProps {
  sections: string[];
  initialSection: string;
  onAdd: (section: string, key: string, value: string) => string | null;
}

function AddKeyForm({ sections, initialSection, onAdd }: AddKeyFormProps) {
  const [section, setSection] = useState(initialSection);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = onAdd(section.trim(), key.trim(), value);
    setError(problem);
    if (!problem) {
      setKey('');
      setValue('');
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} aria-label="Add a key" noValidate>
      <Stack gap="sm">
        <Text fw={600}>Add a key</Text>
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <Autocomplete
            label="Section"
            data={sections}
            value={section}
            onChange={setSection}
            miw={160}
            maxLength={60}
          />
          <TextInput
            label="Key"
            placeholder="e.g. emptyStateTitle"
            value={key}
            onChange={(event) => setKey(event.currentTarget.value)}
            error={error}
            miw={180}
            maxLength={120}
          />
          <TextInput
            label="Text"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            miw={220}
            maxLength={5000}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" variant="default" leftSection={<IconPlus size={16} aria-hidden />}>
            Add key
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CopyEditor({ saved, canManage }: { saved: CopyDocument; canManage: boolean }) {
  const save = useSaveCopyDocument();
  const [draft, setDraft] = useState<CopyDocument>(saved);
  const sections = Object.keys(draft).sort();
  const [section, setSection] = useState(
    sections.includes(DEFAULT_SECTION) ? DEFAULT_SECTION : (sections[0] ?? DEFAULT_SECTION),
  );
  const [error, setError] = useState<string | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const entries = Object.entries(draft[section] ?? {}).sort(([a], [b]) => a.localeCompare(b));

  const setText = (key: string, value: string) =>
    setDraft((current) => ({ ...current, [section]: { ...current[section], [key]: value } }));

  const addKey = (targetSection: string, key: string, value: string): string | null => {
    if (!targetSection) return 'Name the section first';
    if (!key) return 'Required';
    if (draft[targetSection]?.[key] !== undefined) return 'That key is already in this section';
    setDraft((current) => ({ ...current, [targetSection]: { ...current[targetSection], [key]: value } }));
    setSection(targetSection);
    return null;
  };

  const submit = () => {
    const parsed = copyDocumentSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(`${issue?.path.join(' → ') || 'The copy'}: ${issue?.message ?? 'check the text'}`);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (document) => {
        setDraft(document);
        notifications.show({
          color: 'green',
          title: 'Copy published',
          message: 'The app shows the new texts from the next page load.',
        });
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Select
          label="Section"
          data={sections.length > 0 ? sections : [DEFAULT_SECTION]}
          value={section}
          onChange={(value) => value && setSection(value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        {canManage ? (
          <Group gap="sm">
            {dirty ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                Unsaved changes
              </Text>
            ) : null}
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={submit}
              loading={save.isPending}
              disabled={!dirty}
            >
              Save and publish
            </Button>
          </Group>
        ) : null}
      </Group>

      {error || save.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The copy was not saved">
          {error ?? contentErrorMessage(save.error, 'That did not work. Please try again.')}
        </Alert>
      ) : null}

      {entries.length === 0 ? (
        <EmptyStateCard
          icon={IconLanguage}
          title="No texts in this section"
          description={
            canManage ? 'Add a key below to give this section its first text.' : 'Nothing to show yet.'
          }
        />
      ) : (
        <TableCard
          minWidth={560}
          head={
            <>
              <Table.Th w="32%">Key</Table.Th>
              <Table.Th>Text</Table.Th>
            </>
          }
        >
          {entries.map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Text ff="monospace" size="sm" style={{ wordBreak: 'break-word' }}>
                  {key}
                </Text>
              </Table.Td>
              <Table.Td>
                <Textarea
                  aria-label={`Text for ${key}`}
                  value={value}
                  onChange={(event) => setText(key, event.currentTarget.value)}
                  readOnly={!canManage}
                  autosize
                  minRows={1}
                  maxRows={8}
                  maxLength={5000}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </TableCard>
      )}

      {canManage ? <AddKeyForm sections={sections} initialSection={section} onAdd={addKey} /> : null}
    </Stack>
  );
}

/** The interface copy, section → key → text; saving publishes it for everyone at once. */
export function CopyEditorPanel({ canManage }: { canManage: boolean }) {
  const copy = useCopyDocument();
  return (
    <Stack gap="md">
      <Text c="dimmed" maw={640}>
        The words the app shows in its screens, by section. Saving publishes them at once.
      </Text>
      <QueryState
        query={copy}
        loadingLabel="Loading the interface copy"
        skeletonRows={6}
        errorTitle="The interface copy could not be loaded"
      >
        {(saved) => <CopyEditor saved={saved} canManage={canManage} />}
      </QueryState>
    </Stack>
  );
}
