import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconLanguage } from '@tabler/icons-react';
import {
  pipingInWords,
  staleTranslations,
  type TranslatableText,
  translatableTexts,
  translationPlace,
  withSourceConfirmed,
  withTranslatedText,
} from '@tv/contract';
import { useMemo } from 'react';
import { useEditor } from './editor-context';
import { PipingMenu } from './logic-editor';
import { TranslationFileControls } from './translation-file-controls';

const isLong = (text: TranslatableText) =>
  text.field === 'description' || text.field === 'questionDescription';

/**
 * The survey's Spanish version (decision 033): every English text beside its Spanish one. Saved with
 * the draft by the autosave (one version for both languages, so no edit is lost); offered to
 * respondents only once every text is translated.
 */
export function SurveySpanishPanel() {
  const { draft, edit, editable, survey } = useEditor();
  const texts = useMemo(() => translatableTexts(draft, draft.translations, 'es'), [draft]);
  const done = texts.filter((text) => text.translated !== null).length;
  const total = texts.length;
  const complete = total > 0 && done === total;
  // 'English changed since translated' (decision 045): flagged until the Spanish is edited or marked
  // as still right.
  const stale = useMemo(
    () => new Set(staleTranslations(draft, draft.translations, draft.translationSources).map((t) => t.key)),
    [draft],
  );

  /** The value an input shows: what the author typed (even blank while typing), else nothing. */
  const typedValue = (text: TranslatableText) => {
    const es = draft.translations?.es;
    if (text.field === 'name') return es?.name ?? '';
    if (text.field === 'description') return es?.description ?? '';
    const q = es?.questions?.[text.questionId!];
    if (text.field === 'title') return q?.title ?? '';
    if (text.field === 'questionDescription') return q?.description ?? '';
    if (text.field === 'minLabel') return q?.minLabel ?? '';
    if (text.field === 'maxLabel') return q?.maxLabel ?? '';
    if (text.field === 'option') return q?.options?.[text.itemId!] ?? '';
    return q?.rows?.[text.itemId!] ?? '';
  };
  /** The question a text belongs to, and whether it is a text that can show an earlier answer. */
  const question = (text: TranslatableText) => draft.questions.find((q) => q.id === text.questionId);
  const pipes = (text: TranslatableText) => text.field === 'title' || text.field === 'questionDescription';
  // Writing the Spanish records the English it is written against, so its flag goes at once.
  const change = (text: TranslatableText, value: string) =>
    edit((current) => ({
      ...current,
      translations: withTranslatedText(current.translations, text, value),
      translationSources: withSourceConfirmed(current.translationSources, text),
    }));
  const stillRight = (text: TranslatableText) =>
    edit((current) => ({
      ...current,
      translationSources: withSourceConfirmed(current.translationSources, text),
    }));

  return (
    <Stack gap="lg" data-testid="spanish-panel">
      <div>
        <Title order={2} fz="xl">
          Spanish version
        </Title>
        <Text c="dimmed">
          Many US teens are more at home in Spanish. Translate every text and respondents can choose English
          or Español on the first screen; their answers count in the same results.
        </Text>
      </div>

      <Paper withBorder radius="lg" p="md">
        <Stack gap={8}>
          <Text fw={600} data-testid="spanish-progress">
            {done} of {total} {total === 1 ? 'text' : 'texts'} translated
          </Text>
          <Progress
            value={total === 0 ? 0 : (done / total) * 100}
            color={complete ? 'teal' : 'blue'}
            aria-label={`${done} of ${total} texts translated`}
          />
          <Text size="sm" c="dimmed">
            {complete
              ? 'Complete: respondents will be offered English and Español.'
              : done === 0
                ? 'Not started: respondents see English only. Spanish is offered once every text is translated.'
                : `${total - done} still to go. Until every text is translated, respondents see English only.`}
          </Text>
        </Stack>
      </Paper>

      {/* Files need the saved survey (its id and version); a panel drawn without one has none. */}
      {total > 0 && survey?.id ? <TranslationFileControls /> : null}

      {stale.size > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={`The English of ${stale.size} ${stale.size === 1 ? 'text' : 'texts'} changed since ${stale.size === 1 ? 'it was' : 'they were'} translated`}
          data-testid="spanish-stale-count"
        >
          Check each flagged Spanish text below: edit it, or mark it as still right.
        </Alert>
      ) : null}

      {!editable ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          The Spanish version can only be changed while the survey is a draft or has changes requested.
        </Alert>
      ) : null}

      {total === 0 ? (
        <Alert color="gray" variant="light" icon={<IconLanguage size={18} aria-hidden />}>
          Add questions first: their texts will appear here to translate.
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table
            verticalSpacing="sm"
            layout="fixed"
            aria-label="English texts and their Spanish translations"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="45%">English</Table.Th>
                <Table.Th>Spanish</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {texts.map((text) => {
                // 'Question 3, option 2': each field named by its question and option.
                const place = translationPlace(text, draft.questions);
                const value = typedValue(text);
                const tooLong = value.trim().length > text.maxLength;
                const inputProps = {
                  value,
                  disabled: !editable,
                  lang: 'es',
                  'aria-label': `${place} in Spanish`,
                  placeholder: 'Escribe la traducción',
                  maxLength: text.maxLength,
                  error: tooLong ? `At most ${text.maxLength} characters.` : undefined,
                  onChange: (event: { currentTarget: { value: string } }) =>
                    change(text, event.currentTarget.value),
                };
                return (
                  <Table.Tr key={text.key} data-testid="translation-row">
                    <Table.Td style={{ verticalAlign: 'top' }}>
                      <Text size="xs" c="dimmed" fw={600}>
                        {place}
                        {text.translated === null ? (
                          <Badge ml={6} size="xs" variant="light" color="orange">
                            Missing
                          </Badge>
                        ) : null}
                        {stale.has(text.key) ? (
                          <Badge
                            ml={6}
                            size="xs"
                            variant="light"
                            color="yellow"
                            data-testid="spanish-stale-flag"
                          >
                            English changed since translated
                          </Badge>
                        ) : null}
                      </Text>
                      <Text size="sm" lang="en" style={{ overflowWrap: 'anywhere' }}>
                        {pipingInWords(text.english, draft.questions)}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}>
                      {isLong(text) ? (
                        <Textarea {...inputProps} autosize minRows={2} maxRows={8} />
                      ) : (
                        <TextInput {...inputProps} />
                      )}
                      {editable && stale.has(text.key) ? (
                        <Group justify="flex-end" mt={4}>
                          <Button
                            size="compact-xs"
                            variant="light"
                            color="yellow"
                            onClick={() => stillRight(text)}
                            aria-label={`${place} in Spanish is still right for the new English`}
                          >
                            Still right
                          </Button>
                        </Group>
                      ) : null}
                      {editable && question(text) && pipes(text) ? (
                        <Group justify="flex-end" mt={4}>
                          <PipingMenu
                            question={question(text)!}
                            questions={draft.questions}
                            label={`Insert an earlier answer into ${place.charAt(0).toLowerCase()}${place.slice(1)} in Spanish`}
                            onInsert={(token) =>
                              change(text, `${value}${value.endsWith(' ') || !value ? '' : ' '}${token}`)
                            }
                          />
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
