import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPrinter } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { type Question, type Survey, surveyStatusLabels } from '@tv/contract';
import { AnchorLink } from '../../../components/ui/links';
import { SurveyScreenSkeleton } from '../../../components/ui/survey-header';
import { useSurvey } from '../../../lib/api/get-survey';
import { serverMessage } from '../../../lib/backend-client';
import { QuestionOutline } from './question-outline';
import classes from './questionnaire-document.module.css';

const typeLabels: Record<Survey['type'], string> = {
  long_form: 'Survey',
  pulse_check: 'Pulse check',
  custom: 'Custom survey',
};

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });

/** The questionnaire as a clean document, for printing or attaching to an ethics application. */
export function QuestionnaireDocumentScreen() {
  const { surveyId = '' } = useParams({ strict: false });
  const query = useSurvey(surveyId);
  if (query.isPending) {
    return (
      <SurveyScreenSkeleton>
        <Skeleton h={80} />
        <Skeleton h={80} />
        <Skeleton h={80} />
      </SurveyScreenSkeleton>
    );
  }
  if (query.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} aria-hidden />}
        title="The questionnaire could not be loaded"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverMessage(query.error, 'Please try again in a moment.')}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <QuestionnaireDocument survey={query.data} />;
}

function QuestionnaireDocument({ survey }: { survey: Survey }) {
  const questions = survey.questions;
  const answerable = questions.filter((q) => q.type !== 'text_block' && q.type !== 'page_break');
  const required = answerable.filter((q) => q.required).length;

  return (
    <Stack gap="lg" className={classes.document} data-testid="questionnaire-document">
      <Group justify="space-between" gap="sm" className={classes.noPrint}>
        <AnchorLink to="/research/builder/survey/$surveyId" params={{ surveyId: survey.id }} size="sm">
          Back to the editor
        </AnchorLink>
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>

      <header>
        <Stack gap={6}>
          <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="dimmed">
            Questionnaire{survey.organizationName ? ` · ${survey.organizationName}` : ''}
          </Text>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {survey.name}
          </Title>
          {survey.description ? <Text>{survey.description}</Text> : null}
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              {typeLabels[survey.type]}
            </Badge>
            <Badge variant="outline" color="gray">
              {surveyStatusLabels[survey.status]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {answerable.length} question{answerable.length === 1 ? '' : 's'}, {required} required (marked *).
            Version {survey.version}, last changed {dateOf(survey.updatedAt)}. Respondents are 13 to 19 years
            old and answer anonymously.
          </Text>
        </Stack>
      </header>

      {questions.length === 0 ? (
        <Paper withBorder radius="lg" p="lg">
          <Text>
            This survey has no questions yet. Add them in the{' '}
            <AnchorLink to="/research/builder/survey/$surveyId" params={{ surveyId: survey.id }}>
              editor
            </AnchorLink>
            , then come back to print the questionnaire.
          </Text>
        </Paper>
      ) : (
        <ol className={classes.items} aria-label="Questions">
          {questions.map((question: Question, index) =>
            question.type === 'page_break' ? (
              <li
                key={question.id}
                className={classes.pageBreak}
                aria-label={`Item ${index + 1}: page break`}
              >
                <QuestionOutline question={question} questions={questions} />
              </li>
            ) : (
              <li key={question.id} className={classes.item}>
                <span className={classes.number} aria-hidden>
                  {index + 1}.
                </span>
                <div>
                  <QuestionOutline question={question} questions={questions} showType />
                </div>
              </li>
            ),
          )}
        </ol>
      )}
      <Text size="xs" c="dimmed">
        Printed from TeenVoice. Items are numbered as in the survey builder, and logic refers to those
        numbers.
      </Text>
    </Stack>
  );
}
