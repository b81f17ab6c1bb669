import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ContentType, researchThemeLabels, researchThemes } from '@tv/contract';
import { type EntryValues, faqPlacementOptions, slugify } from '../utils/entry-form';
import { MediaField } from './media-field';
import { RichTextInput } from './rich-text-input';

export interface EntryFieldsProps {
  type: ContentType;
  form: UseFormReturnType<EntryValues>;
  readOnly: boolean;
  /** Once the editor types a slug, the title stops rewriting it. */
  slugEdited: boolean;
  onSlugEdited: () => void;
  /** Changes when the form is reloaded from the server, so the rich text editor starts over. */
  revision: number;
}

const themeOptions = researchThemes.map((theme) => ({ value: theme, label: researchThemeLabels[theme] }));

const stringAt = (values: EntryValues, path: string): string => {
  const value = path.split('.').reduce<unknown>((current, key) => {
    if (typeof current !== 'object' || current === null) return undefined;
    return (current as Record<string, unknown>)[key];
  }, values);
  return typeof value === 'string' ? value : '';
};

function CountedInput({
  form,
  path,
  label,
  max,
  multiline,
  readOnly,
  description,
}: {
  form: UseFormReturnType<EntryValues>;
  path: string;
  label: string;
  max: number;
  multiline?: boolean;
  readOnly: boolean;
  description?: string;
}) {
  const length = stringAt(form.values, path).length;
  const counter = `${length} of ${max} characters`;
  const props = {
    label,
    description: description ? `${description} ${counter}.` : `${counter}.`,
    readOnly,
    ...form.getInputProps(path),
  };
  return multiline ? <Textarea autosize minRows={2} maxRows={6} {...props} /> : <TextInput {...props} />;
}

function TitleAndSlug({ form, readOnly, slugEdited, onSlugEdited }: EntryFieldsProps) {
  const title = form.getInputProps('title');
  return (
    <>
      <TextInput
        label="Title"
        required
        readOnly={readOnly}
        {...title}
        onChange={(event) => {
          const next = event.currentTarget.value;
          form.setFieldValue('title', next);
          if (!slugEdited) form.setFieldValue('slug', slugify(next));
        }}
      />
      <TextInput
        label="Slug"
        description="The last part of the page address: lowercase letters, digits and hyphens."
        required
        readOnly={readOnly}
        {...form.getInputProps('slug')}
        onChange={(event) => {
          onSlugEdited();
          form.setFieldValue('slug', event.currentTarget.value);
        }}
      />
    </>
  );
}

function RichText({
  form,
  readOnly,
  revision,
  path,
  label,
}: EntryFieldsProps & { path: string; label: string }) {
  return (
    <RichTextInput
      key={revision}
      label={label}
      value={stringAt(form.values, path)}
      onChange={(html) => form.setFieldValue(path, html)}
      error={form.errors[path] as string | undefined}
      readOnly={readOnly}
    />
  );
}

function Media({
  form,
  readOnly,
  path,
  label,
  multiple,
  accept,
  description,
}: EntryFieldsProps & {
  path: string;
  label: string;
  multiple?: boolean;
  accept?: string;
  description?: string;
}) {
  const value = form.values[path];
  return (
    <MediaField
      label={label}
      description={description}
      value={Array.isArray(value) || typeof value === 'number' ? (value as number | number[]) : null}
      onChange={(next) => form.setFieldValue(path, next)}
      multiple={multiple}
      accept={accept}
      error={form.errors[path] as string | undefined}
      readOnly={readOnly}
    />
  );
}

function Tags({ form, readOnly }: EntryFieldsProps) {
  return (
    <TagsInput
      label="Tags"
      description="Press Enter after each tag; up to 12."
      maxTags={12}
      readOnly={readOnly}
      {...form.getInputProps('tags')}
    />
  );
}

function Theme({ form, readOnly }: EntryFieldsProps) {
  return (
    <Select
      label="Theme"
      placeholder="Choose a theme"
      data={themeOptions}
      required
      readOnly={readOnly}
      {...form.getInputProps('theme')}
    />
  );
}

function Seo(props: EntryFieldsProps & { withTitle: boolean }) {
  return (
    <Fieldset legend="Search engines and link previews" radius="md">
      <Stack gap="sm">
        {props.withTitle ? (
          <CountedInput
            form={props.form}
            path="seoTitle"
            label="SEO title"
            max={70}
            readOnly={props.readOnly}
            description="Leave empty to use the title."
          />
        ) : null}
        <CountedInput
          form={props.form}
          path="seoDescription"
          label="SEO description"
          max={160}
          multiline
          readOnly={props.readOnly}
          description="Leave empty to use the summary."
        />
      </Stack>
    </Fieldset>
  );
}

function KeyFindings({ form, readOnly }: EntryFieldsProps) {
  const findings = Array.isArray(form.values.keyFindings) ? (form.values.keyFindings as string[]) : [];
  return (
    <Fieldset legend="Key findings" radius="md">
      <Stack gap="sm">
        {findings.map((_finding, index) => (
          // Findings have no ids; their position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
            <Textarea
              label={`Finding ${index + 1}`}
              autosize
              minRows={1}
              maxRows={4}
              readOnly={readOnly}
              style={{ flex: 1 }}
              {...form.getInputProps(`keyFindings.${index}`)}
            />
            {readOnly ? null : (
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={28}
                aria-label={`Remove finding ${index + 1}`}
                onClick={() => form.removeListItem('keyFindings', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {readOnly || findings.length >= 12 ? null : (
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => form.insertListItem('keyFindings', '')}
            >
              Add a finding
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

function ArticleFields(props: EntryFieldsProps) {
  const { form, readOnly } = props;
  return (
    <Stack gap="md">
      <TitleAndSlug {...props} />
      <Textarea
        label="Summary"
        required
        autosize
        minRows={2}
        readOnly={readOnly}
        {...form.getInputProps('summary')}
      />
      <RichText {...props} path="body" label="Body" />
      <Media {...props} path="cover" label="Cover image" accept="image/*" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Theme {...props} />
        <NumberInput
          label="Reading time (minutes)"
          description="Worked out from the body each time you save."
          readOnly
          {...form.getInputProps('readingTimeMinutes')}
        />
        <TextInput label="Author" required readOnly={readOnly} {...form.getInputProps('author.name')} />
        <TextInput
          label="Author’s role"
          placeholder="e.g. Research lead"
          readOnly={readOnly}
          {...form.getInputProps('author.role')}
        />
      </SimpleGrid>
      <Tags {...props} />
      <Seo {...props} withTitle />
    </Stack>
  );
}

function ReportFields(props: EntryFieldsProps) {
  const { form, readOnly } = props;
  return (
    <Stack gap="md">
      <TitleAndSlug {...props} />
      <Textarea
        label="Summary"
        required
        autosize
        minRows={2}
        readOnly={readOnly}
        {...form.getInputProps('summary')}
      />
      <RichText {...props} path="description" label="Description" />
      <KeyFindings {...props} />
      <Fieldset legend="Methodology" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Sample size"
            min={1}
            allowDecimal={false}
            thousandSeparator=","
            required
            readOnly={readOnly}
            {...form.getInputProps('methodology.sampleSize')}
          />
          <TextInput label="Ages" required readOnly={readOnly} {...form.getInputProps('methodology.ages')} />
          <TextInput
            type="date"
            label="Fieldwork start"
            required
            readOnly={readOnly}
            {...form.getInputProps('methodology.fieldworkStart')}
          />
          <TextInput
            type="date"
            label="Fieldwork end"
            required
            readOnly={readOnly}
            {...form.getInputProps('methodology.fieldworkEnd')}
          />
        </SimpleGrid>
        <Stack gap="md" mt="md">
          <TextInput
            label="Regions"
            required
            readOnly={readOnly}
            {...form.getInputProps('methodology.regions')}
          />
          <Textarea
            label="Method"
            description="How the survey was run, in a sentence or two."
            autosize
            minRows={2}
            readOnly={readOnly}
            {...form.getInputProps('methodology.method')}
          />
        </Stack>
      </Fieldset>
      <Fieldset legend="Product" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="SKU"
            description="The storefront product this report is sold as."
            required
            readOnly={readOnly}
            {...form.getInputProps('sku')}
          />
          <TextInput label="Format" required readOnly={readOnly} {...form.getInputProps('format')} />
          <NumberInput
            label="Page count"
            min={1}
            max={2000}
            allowDecimal={false}
            required
            readOnly={readOnly}
            {...form.getInputProps('pageCount')}
          />
          <NumberInput
            label="List price (USD)"
            description="Shown until the storefront prices the SKU."
            min={0}
            decimalScale={2}
            prefix="$"
            thousandSeparator=","
            required
            readOnly={readOnly}
            {...form.getInputProps('listPrice')}
          />
        </SimpleGrid>
      </Fieldset>
      <Media {...props} path="cover" label="Cover image" accept="image/*" />
      <Media
        {...props}
        path="previewPages"
        label="Preview pages"
        description="Up to 12 page images shown on the report page."
        accept="image/*"
        multiple
      />
      <Theme {...props} />
      <Tags {...props} />
      <Seo {...props} withTitle />
    </Stack>
  );
}

function LibraryItemFields(props: EntryFieldsProps) {
  const { form, readOnly } = props;
  return (
    <Stack gap="md">
      <TitleAndSlug {...props} />
      <Textarea
        label="Summary"
        required
        autosize
        minRows={2}
        readOnly={readOnly}
        {...form.getInputProps('summary')}
      />
      <Select
        label="Kind"
        placeholder="Choose a kind"
        required
        readOnly={readOnly}
        data={[
          { value: 'guide', label: 'Guide' },
          { value: 'template', label: 'Template' },
          { value: 'toolkit', label: 'Toolkit' },
          { value: 'webinar', label: 'Webinar' },
        ]}
        {...form.getInputProps('kind')}
      />
      <Media {...props} path="cover" label="Cover image" accept="image/*" />
      <Media {...props} path="file" label="Download" description="A PDF people download, if any." />
      <TextInput
        label="Video link"
        description="A webinar's recording, starting with https://. Used when there is no PDF."
        placeholder="https://"
        readOnly={readOnly}
        {...form.getInputProps('videoUrl')}
      />
      <Switch
        label="Ask for name, work email and organization first"
        description="Gated: visitors fill the lead form and get the file at once, by a private link that is also emailed. The lead appears in Leads. Off: the button downloads the file or opens the video."
        disabled={readOnly}
        {...form.getInputProps('gated', { type: 'checkbox' })}
      />
      <Tags {...props} />
    </Stack>
  );
}

function FaqFields({ form, readOnly }: EntryFieldsProps) {
  return (
    <Stack gap="md">
      <TextInput label="Question" required readOnly={readOnly} {...form.getInputProps('question')} />
      <Textarea
        label="Answer"
        required
        autosize
        minRows={4}
        readOnly={readOnly}
        {...form.getInputProps('answer')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Shown on"
          placeholder="Choose a page"
          required
          readOnly={readOnly}
          data={faqPlacementOptions}
          {...form.getInputProps('placement')}
        />
        <NumberInput
          label="Order"
          description="Lower numbers show first."
          min={0}
          max={1000}
          allowDecimal={false}
          required
          readOnly={readOnly}
          {...form.getInputProps('order')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function TestimonialFields({ form, readOnly }: EntryFieldsProps) {
  return (
    <Stack gap="md">
      <Textarea
        label="Quote"
        required
        autosize
        minRows={3}
        readOnly={readOnly}
        {...form.getInputProps('quote')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Name" required readOnly={readOnly} {...form.getInputProps('name')} />
        <TextInput label="Role" required readOnly={readOnly} {...form.getInputProps('role')} />
        <TextInput
          label="Organization"
          required
          readOnly={readOnly}
          {...form.getInputProps('organization')}
        />
        <NumberInput
          label="Order"
          description="Lower numbers show first."
          min={0}
          max={1000}
          allowDecimal={false}
          required
          readOnly={readOnly}
          {...form.getInputProps('order')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function LegalPageFields(props: EntryFieldsProps) {
  const { form, readOnly } = props;
  return (
    <Stack gap="md">
      <TitleAndSlug {...props} />
      <Textarea label="Summary" autosize minRows={2} readOnly={readOnly} {...form.getInputProps('summary')} />
      <TextInput
        type="date"
        label="Effective date"
        required
        readOnly={readOnly}
        {...form.getInputProps('effectiveDate')}
      />
      <RichText {...props} path="body" label="Body" />
      <Seo {...props} withTitle={false} />
    </Stack>
  );
}

/** The form for one entry, its fields chosen by type. */
export function EntryFields(props: EntryFieldsProps) {
  switch (props.type) {
    case 'article':
      return <ArticleFields {...props} />;
    case 'report':
      return <ReportFields {...props} />;
    case 'library-item':
      return <LibraryItemFields {...props} />;
    case 'faq':
      return <FaqFields {...props} />;
    case 'testimonial':
      return <TestimonialFields {...props} />;
    case 'legal-page':
      return <LegalPageFields {...props} />;
  }
}
