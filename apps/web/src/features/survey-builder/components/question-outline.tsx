import { List, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  branchingInWords,
  displayLogicInWords,
  pipingInWords,
  type Question,
  questionTypeLabels,
} from '@tv/contract';
import { answerFormat } from '../utils/reuse';

/**
 * One question as a reader sees it on paper: its wording, whether it is required, how it is answered
 * (options, scale labels, statements) and its logic in words. The template preview and the printable
 * questionnaire both use it.
 */
export function QuestionOutline({
  question,
  questions,
  showType = false,
}: {
  question: Question;
  questions: readonly Question[];
  showType?: boolean;
}) {
  if (question.type === 'page_break') {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        Page break
        {question.randomizeQuestions ? ': the questions of the next page are shown in a random order' : ''}
      </Text>
    );
  }
  if (question.type === 'text_block') {
    return (
      <Stack gap={2}>
        <Text size="sm">{pipingInWords(question.title, questions)}</Text>
        {question.description ? (
          <Text size="sm" c="dimmed">
            {pipingInWords(question.description, questions)}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Text shown to respondents (no answer)
        </Text>
      </Stack>
    );
  }
  const format = answerFormat(question);
  const logic = [
    displayLogicInWords(question.displayLogic, questions),
    ...branchingInWords(question, questions),
  ].filter((sentence): sentence is string => Boolean(sentence));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {pipingInWords(question.title, questions)}
        {question.required ? (
          <>
            <Text span c="red" ml={4} aria-hidden>
              *
            </Text>
            <VisuallyHidden> (required)</VisuallyHidden>
          </>
        ) : (
          <Text span size="xs" c="dimmed" fw={400} ml={6}>
            (optional)
          </Text>
        )}
      </Text>
      {question.description ? (
        <Text size="sm" c="dimmed">
          {pipingInWords(question.description, questions)}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {showType ? `${questionTypeLabels[question.type]}. ` : ''}
        {format.summary}
        {question.randomizeOptions ? '; options shown in a random order' : ''}
      </Text>
      {format.statements.length > 0 ? (
        <>
          <Text size="xs" fw={600}>
            Statements
          </Text>
          <List size="sm" spacing={2}>
            {format.statements.map((statement, index) => (
              // Statements may repeat in a draft; their position keeps the keys apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <List.Item key={`${index}-${statement}`}>{statement}</List.Item>
            ))}
          </List>
          <Text size="xs" fw={600}>
            Answer scale
          </Text>
        </>
      ) : null}
      {format.choices.length > 0 ? (
        <List size="sm" spacing={2} listStyleType="circle">
          {format.choices.map((choice, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat in a draft
            <List.Item key={`${index}-${choice}`}>{choice}</List.Item>
          ))}
        </List>
      ) : null}
      {logic.map((sentence) => (
        <Text key={sentence} size="xs" fs="italic">
          {sentence}
        </Text>
      ))}
    </Stack>
  );
}
