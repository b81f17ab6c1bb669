import { Alert, Anchor, Button, Group, Menu, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCalendarClock,
  IconChevronDown,
  IconDeviceFloppy,
  IconExternalLink,
  IconLock,
  IconTrash,
  IconWorldOff,
  IconWorldUpload,
} from '@tabler/icons-react';
import { Link, useBlocker, useNavigate, useParams } from '@tanstack/react-router';
import { type AdminContentEntry, type ContentType, contentTypeLabels } from '@tv/contract';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { QueryState } from '../../../components/ui/query-state';
import { type PublicationChange, useChangePublication } from '../api/change-publication';
import { useCreateContentEntry } from '../api/create-content-entry';
import { useDeleteContentEntry } from '../api/delete-content-entry';
import { useContentEntry } from '../api/get-content-entry';
import { useUpdateContentEntry } from '../api/update-content-entry';
import { isContentType } from '../utils/admin-search';
import { conflictingEntry, contentErrorMessage, contentFieldErrors } from '../utils/content-error';
import { formatDateTime } from '../utils/dates';
import {
  contentTypeSingular,
  type EntryValues,
  emptyAttributes,
  formValuesFrom,
  labelField,
  publicPathOf,
  validateEntry,
} from '../utils/entry-form';
import { useCanManageContent } from '../utils/permissions';
import { ConflictModal } from './conflict-modal';
import { ContentStatusBadge } from './content-status-badge';
import { EntryFields } from './entry-fields';
import { EntryPreview } from './entry-preview';
import { FeedbackPanel } from './feedback-panel';
import { ScheduleModal } from './schedule-modal';

const listSearch = (type: ContentType) => (type === 'article' ? {} : { tab: type });

const publicationNotices: Record<PublicationChange['action'], { title: string; message: string }> = {
  publish: { title: 'Published', message: 'Visitors can see it now.' },
  unpublish: { title: 'Unpublished', message: 'It is a draft again, seen only by staff.' },
  schedule: { title: 'Scheduled', message: 'It goes live at the time you chose.' },
};

/**
 * The view (Edit, Preview) a new entry's editor was on when the entry moved to its own address. The
 * editor there is a new component; without this, a click on Preview while the address changed was
 * lost when it mounted on Edit.
 */
const carried: { id: number | null; tab: string | null } = { id: null, tab: null };

interface EntryEditorProps {
  type: ContentType;
  saved: AdminContentEntry | undefined;
}

function EntryEditor({ type, saved: loaded }: EntryEditorProps) {
  const navigate = useNavigate();
  const canManage = useCanManageContent();
  const readOnly = !canManage;
  // The entry as last saved (or as someone else saved it): its version is the one the next save names.
  const [saved, setSaved] = useState(loaded);
  const id = saved?.id;
  const form = useForm<EntryValues>({
    initialValues: loaded ? formValuesFrom(type, loaded.attributes) : emptyAttributes(type),
  });
  const [slugEdited, setSlugEdited] = useState(Boolean(loaded?.slug));
  const [revision, setRevision] = useState(0);
  const [tab, setTabState] = useState<string | null>(() =>
    loaded && carried.id === loaded.id ? (carried.tab ?? 'edit') : 'edit',
  );
  // Taken once: opening the entry again later starts on Edit. (Not in the initializer, which React
  // may call twice.)
  useEffect(() => {
    if (loaded && carried.id === loaded.id) {
      carried.id = null;
      carried.tab = null;
    }
  }, [loaded]);
  // The view now, for a save that began before it was chosen (its closure holds the old one).
  const tabNow = useRef(tab);
  const setTab = (view: string | null) => {
    tabNow.current = view;
    setTabState(view);
    if (leaving.current && carried.id !== null) carried.tab = view;
  };
  const [conflict, setConflict] = useState<AdminContentEntry | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const leaving = useRef(false);

  const create = useCreateContentEntry(type);
  const update = useUpdateContentEntry(type);
  const publication = useChangePublication(type);
  const remove = useDeleteContentEntry(type);
  const saving = create.isPending || update.isPending;
  const dirty = form.isDirty();

  const blocker = useBlocker({
    shouldBlockFn: () => !leaving.current && form.isDirty(),
    enableBeforeUnload: () => !leaving.current && form.isDirty(),
    withResolver: true,
  });

  const singular = contentTypeSingular[type];
  const labelValue = form.values[labelField[type]];
  const heading = (typeof labelValue === 'string' && labelValue.trim()) || saved?.label || `New ${singular}`;
  const publicPath = saved?.status === 'published' ? publicPathOf(type, saved.slug) : null;

  const showProblem = (error: unknown, fallback: string) => {
    const fields = contentFieldErrors(error);
    if (Object.keys(fields).length > 0) {
      form.setErrors(fields);
      setTab('edit');
    }
    setProblem(contentErrorMessage(error, fallback));
  };

  /**
   * After a save the form is the new baseline. The server works out an article's reading time, so
   * that one field is taken from its answer; the rest stays as typed, so the editor's cursor stays put.
   */
  const settle = (sent: EntryValues, entry: AdminContentEntry) => {
    const minutes = entry.attributes.readingTimeMinutes;
    if (type === 'article' && typeof minutes === 'number') {
      form.setFieldValue('readingTimeMinutes', minutes);
      form.resetDirty({ ...sent, readingTimeMinutes: minutes });
    } else {
      form.resetDirty(sent);
    }
  };

  /** A new entry, once saved, moves to its own address; the editor there starts from the cache. */
  const openSaved = (entry: AdminContentEntry) => {
    leaving.current = true;
    carried.id = entry.id;
    carried.tab = tabNow.current;
    void navigate({
      to: '/research/builder/admin/content/$type/$id',
      params: { type, id: String(entry.id) },
      replace: true,
    });
  };

  /** Validates with the contract's schema and saves; the saved entry, or null when it did not save. */
  const save = async (version = saved?.version): Promise<AdminContentEntry | null> => {
    setProblem(null);
    const result = validateEntry(type, form.getValues());
    if (!result.ok) {
      form.setErrors(result.errors);
      setTab('edit');
      setProblem('Some fields need attention. They are marked below.');
      return null;
    }
    const sentValues = form.getValues();
    try {
      if (!saved || version === undefined) {
        const created = await create.mutateAsync(result.attributes);
        settle(sentValues, created);
        setSaved(created);
        return created;
      }
      const updated = await update.mutateAsync({ id: saved.id, attributes: result.attributes, version });
      settle(sentValues, updated);
      setSaved(updated);
      setConflict(null);
      return updated;
    } catch (error) {
      const theirs = conflictingEntry(error);
      if (theirs) setConflict(theirs);
      else showProblem(error, 'The entry could not be saved. Please try again.');
      return null;
    }
  };

  const onSave = async (version = saved?.version) => {
    const isNew = !saved;
    const result = await save(version);
    if (!result) return;
    notifications.show({ color: 'green', title: 'Saved', message: `The ${singular} is saved.` });
    if (isNew) openSaved(result);
  };

  const changePublication = async (change: PublicationChange) => {
    // Publishing what is on screen: unsaved edits are saved first, so nothing differs from the preview.
    const isNew = !saved;
    const current = form.isDirty() || !saved ? await save() : saved;
    if (!current) return;
    try {
      const changed = await publication.mutateAsync({ id: current.id, change });
      if (changed) setSaved(changed);
      setScheduling(false);
      notifications.show({ color: 'green', ...publicationNotices[change.action] });
    } catch (error) {
      if (change.action !== 'schedule') showProblem(error, 'That did not work. Please try again.');
    }
    // Even when publishing failed, the new draft is saved: the editor moves to its address.
    if (isNew) openSaved(current);
  };

  const useTheirs = () => {
    if (!conflict) return;
    const values = formValuesFrom(type, conflict.attributes);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setSaved(conflict);
    setSlugEdited(Boolean(conflict.slug));
    setRevision((value) => value + 1);
    setConflict(null);
  };

  return (
    <Stack gap="lg">
      <Anchor
        renderRoot={(props) => (
          <Link {...props} to="/research/builder/admin/content" search={listSearch(type)} />
        )}
        size="sm"
        w="fit-content"
      >
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          All {contentTypeLabels[type].toLowerCase()}
        </Group>
      </Anchor>

      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} maw={720}>
          <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
            {saved ? `Edit ${singular}` : `New ${singular}`}
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ wordBreak: 'break-word' }}>
            {heading}
          </Title>
          <Group gap="sm">
            <ContentStatusBadge status={saved?.status ?? 'draft'} />
            {saved?.status === 'scheduled' && saved.scheduledAt ? (
              <Text size="sm" c="dimmed">
                Goes live {formatDateTime(saved.scheduledAt)}
              </Text>
            ) : null}
            {saved ? (
              <Text size="sm" c="dimmed">
                Last saved {formatDateTime(saved.updatedAt)}
              </Text>
            ) : null}
            {dirty ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                Unsaved changes
              </Text>
            ) : null}
          </Group>
        </Stack>

        {canManage ? (
          <Group gap="sm">
            {publicPath ? (
              <Button
                component="a"
                href={publicPath}
                target="_blank"
                rel="noopener"
                variant="subtle"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                View on site
              </Button>
            ) : null}
            <Button
              variant={saved?.status === 'published' ? 'filled' : 'default'}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={() => void onSave()}
              loading={saving && !publication.isPending}
              disabled={Boolean(saved) && !dirty}
            >
              {saved ? 'Save' : 'Save draft'}
            </Button>
            {saved?.status === 'published' ? (
              <Button
                variant="default"
                leftSection={<IconWorldOff size={16} aria-hidden />}
                onClick={() => void changePublication({ action: 'unpublish' })}
                loading={publication.isPending}
              >
                Unpublish
              </Button>
            ) : (
              <Group gap={0} wrap="nowrap">
                <Button
                  leftSection={<IconWorldUpload size={16} aria-hidden />}
                  onClick={() => void changePublication({ action: 'publish' })}
                  loading={publication.isPending}
                  style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
                >
                  Publish
                </Button>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      px={8}
                      aria-label="More publishing options"
                      style={{
                        borderTopLeftRadius: 0,
                        borderBottomLeftRadius: 0,
                        borderLeft: '1px solid var(--mantine-color-body)',
                      }}
                    >
                      <IconChevronDown size={16} aria-hidden />
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconCalendarClock size={16} aria-hidden />}
                      onClick={() => {
                        publication.reset();
                        setScheduling(true);
                      }}
                    >
                      Schedule…
                    </Menu.Item>
                    {saved?.status === 'scheduled' ? (
                      <Menu.Item
                        leftSection={<IconWorldOff size={16} aria-hidden />}
                        onClick={() => void changePublication({ action: 'unpublish' })}
                      >
                        Cancel the schedule
                      </Menu.Item>
                    ) : null}
                  </Menu.Dropdown>
                </Menu>
              </Group>
            )}
            {saved ? (
              <Button
                variant="subtle"
                color="red"
                c="var(--mantine-color-error)"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => {
                  remove.reset();
                  setDeleting(true);
                }}
              >
                Delete
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>

      {readOnly ? (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          You can read this {singular}. Only content editors can change or publish it.
        </Alert>
      ) : null}

      {problem ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title="Not saved"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setProblem(null)}
        >
          {problem}
        </Alert>
      ) : null}

      <Tabs value={tab} onChange={setTab}>
        <Tabs.List aria-label="Editor views">
          <Tabs.Tab value="edit">Edit</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
          {type === 'article' && id ? <Tabs.Tab value="feedback">Reader feedback</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="edit" pt="lg">
          <form
            noValidate
            aria-label={`${saved ? 'Edit' : 'New'} ${singular}`}
            onSubmit={(event) => {
              event.preventDefault();
              if (canManage) void onSave();
            }}
          >
            <Stack gap="md" maw={860}>
              <EntryFields
                type={type}
                form={form}
                readOnly={readOnly}
                slugEdited={slugEdited}
                onSlugEdited={() => setSlugEdited(true)}
                revision={revision}
              />
            </Stack>
          </form>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="lg">
          <EntryPreview type={type} attributes={form.values} />
        </Tabs.Panel>
        {type === 'article' && id ? (
          <Tabs.Panel value="feedback" pt="lg">
            {tab === 'feedback' ? <FeedbackPanel articleId={id} /> : null}
          </Tabs.Panel>
        ) : null}
      </Tabs>

      <ConflictModal
        mine={form.values}
        theirs={conflict}
        saving={update.isPending}
        onKeepMine={() => {
          // Saved over theirs: the version named is the one they saved.
          if (conflict) void onSave(conflict.version);
        }}
        onUseTheirs={useTheirs}
      />

      {scheduling ? (
        <ScheduleModal
          opened
          onClose={() => setScheduling(false)}
          pending={publication.isPending || saving}
          error={publication.error}
          onSchedule={(publishAt) => void changePublication({ action: 'schedule', publishAt })}
        />
      ) : null}

      <ConfirmModal
        opened={deleting}
        title={`Delete this ${singular}?`}
        confirmLabel={`Delete ${singular}`}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(false)}
        onConfirm={() => {
          if (!id) return;
          remove.mutate(id, {
            onSuccess: () => {
              leaving.current = true;
              setDeleting(false);
              notifications.show({ color: 'green', title: 'Deleted', message: `“${heading}” is gone.` });
              void navigate({ to: '/research/builder/admin/content', search: listSearch(type) });
            },
          });
        }}
      >
        <Text size="sm">
          It disappears from the public site and from this list. Reader feedback on it goes too. This cannot
          be undone.
        </Text>
      </ConfirmModal>

      <Modal
        opened={blocker.status === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={<Text fw={700}>Leave without saving?</Text>}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Your changes to this {singular} are not saved yet. They are lost if you leave.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              Stay
            </Button>
            <Button color="red.9" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Writes and publishes one entry: /research/builder/admin/content/{type}/new or /{type}/{id}. */
export function ContentEditorScreen() {
  const params = useParams({ strict: false }) as { type?: string; id?: string };
  // The route's validity check has vouched for both already.
  const type: ContentType = isContentType(params.type) ? params.type : 'article';
  const id = params.id ? Number(params.id) : undefined;
  if (id === undefined) return <EntryEditor key={`${type}-new`} type={type} saved={undefined} />;
  return <SavedEntryEditor type={type} id={id} />;
}

function SavedEntryEditor({ type, id }: { type: ContentType; id: number }) {
  const entry = useContentEntry(type, id);
  return (
    <QueryState
      query={entry}
      loadingLabel={`Loading the ${contentTypeSingular[type]}`}
      skeletonRows={8}
      errorTitle={`The ${contentTypeSingular[type]} could not be loaded`}
    >
      {(data) => <EntryEditor key={`${type}-${id}`} type={type} saved={data} />}
    </QueryState>
  );
}
