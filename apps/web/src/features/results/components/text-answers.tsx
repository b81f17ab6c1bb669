import { Group, Highlight, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconShieldLock } from '@tabler/icons-react';
import { type QuestionResult, WITHHELD_TEXT } from '@tv/contract';
import classes from './results.module.css';

interface TextAnswersProps {
  result: QuestionResult;
  /** What is typed in the box. */
  search: string;
  /** The search the answers shown were fetched with (the box is debounced). */
  appliedSearch: string;
  searching: boolean;
  onSearch: (value: string) => void;
}

/** Open answers, newest first, searchable; the server sends at most the latest 200. */
export function TextAnswers({ result, search, appliedSearch, searching, onSearch }: TextAnswersProps) {
  const term = appliedSearch.trim();
  const count = result.texts.length;
  return (
    <Stack gap="sm">
      <TextInput
        size="sm"
        aria-label={`Search answers to “${result.title}”`}
        placeholder="Search written answers"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {searching
          ? 'Searching…'
          : term
            ? `${count} answer${count === 1 ? '' : 's'} containing “${term}”`
            : count >= 200
              ? 'The latest 200 answers'
              : `${count} answer${count === 1 ? '' : 's'}`}
      </Text>
      {count > 0 ? (
        // Scrolls on its own, so it must be reachable by keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to scroll by keyboard.
        <ul className={classes.texts} tabIndex={0} aria-label={`Answers to “${result.title}”`}>
          {result.texts.map((text, index) => (
            // Answers have no id and may repeat; their order is fixed within one summary.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={index} className={classes.quote} data-withheld={text === WITHHELD_TEXT || undefined}>
              {text === WITHHELD_TEXT ? (
                // Withheld: a safeguarding moderator decides whether and how it is released.
                <Group gap={6} wrap="nowrap" c="dimmed">
                  <IconShieldLock size={16} aria-hidden style={{ flexShrink: 0 }} />
                  <Text size="sm" fs="italic">
                    {WITHHELD_TEXT}
                  </Text>
                </Group>
              ) : (
                <Highlight component="span" highlight={term} size="sm">
                  {text}
                </Highlight>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}
