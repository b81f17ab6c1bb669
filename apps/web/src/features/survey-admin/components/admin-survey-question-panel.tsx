import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { pipingInWords, questionRulesInWords, questionTypeLabels } from '@tv/contract';
import { QuestionField } from '../../../components/survey-renderer/question-field';
import { AnchorLink } from '../../../components/ui/links';
import { useSurvey } from '../../../lib/api/get-survey';

/** One question of the survey as respondents see it, with the settings behind it. */
export function AdminSurveyQuestionPanel() {
  const { surveyId = '', orgId = '', questionId = '' } = useParams({ strict: false });
  const survey = useSurvey(surveyId);
  const questions = survey.data?.questions ?? [];
  const index = questions.findIndex((q) => q.id === questionId);
  const question = questions[index];
  const close = (
    <AnchorLink
      to="/research/builder/admin/$orgId/survey/$surveyId"
      params={{ orgId, surveyId }}
      size="sm"
      aria-label="Close the question"
    >
      <Group gap={4} component="span">
        <IconX size={14} aria-hidden />
        Close
      </Group>
    </AnchorLink>
  );

  if (!survey.data) return null;
  if (!question) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between">
          <Text>This question is not part of the survey any more.</Text>
          {close}
        </Group>
      </Paper>
    );
  }
  // The same sentences the moderation screen shows: every rule of the question.
  const logic = questionRulesInWords(question, questions, 'en');

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="admin-question">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Question {index + 1}
          </Title>
          {close}
        </Group>
        <QuestionField
          question={{
            ...question,
            title: pipingInWords(question.title, questions),
            description: question.description && pipingInWords(question.description, questions),
          }}
          number={index + 1}
          value={undefined}
          readOnly
        />
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {questionTypeLabels[question.type]}
          </Badge>
          <Badge variant="light" color="gray">
            {question.required ? 'Required' : 'Optional'}
          </Badge>
          {question.randomizeOptions ? (
            <Badge variant="light" color="gray">
              Options shuffled
            </Badge>
          ) : null}
        </Group>
        {logic.length > 0 ? (
          <List size="sm">
            {logic.map((sentence) => (
              <List.Item key={sentence}>{sentence}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Paper>
  );
}
