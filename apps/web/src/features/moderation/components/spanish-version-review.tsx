import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { pipingInWords, type Survey, translatableTexts } from '@tv/contract';

const fieldLabels = {
  name: 'Survey name',
  description: 'Description',
  title: 'Question',
  questionDescription: 'description',
  option: 'answer option',
  row: 'statement',
  minLabel: 'lowest point label',
  maxLabel: 'highest point label',
} as const;

/**
 * The survey's Spanish version for the moderator (decision 033): every English text beside its
 * Spanish one, read-only. Respondents see Spanish only when every text is translated; the pre-check
 * runs its rules on the Spanish texts too and shows its flags beside the questions.
 */
export function SpanishVersionReview({ survey }: { survey: Survey }) {
  const texts = translatableTexts(survey, survey.translations, 'es');
  const done = texts.filter((text) => text.translated !== null).length;
  if (done === 0) return null;
  const complete = done === texts.length;
  const numbers = new Map(survey.questions.map((question, index) => [question.id, index + 1]));
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="spanish-version-review">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="spanish-version-title">
            Spanish version
          </Title>
          <Badge variant="light" color={complete ? 'teal' : 'orange'}>
            {done} of {texts.length} texts translated
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {complete
            ? 'Respondents can choose English or Español. Check that the Spanish says the same as the English.'
            : 'Incomplete, so respondents will see English only. What is translated so far is shown below.'}
        </Text>
        {/* Two fixed columns whose texts wrap anywhere: it fits a 360 px phone without scrolling sideways. */}
        <Table layout="fixed" verticalSpacing="xs" aria-labelledby="spanish-version-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>English</Table.Th>
              <Table.Th>Spanish</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {texts.map((text) => (
              <Table.Tr key={text.key}>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Text size="xs" c="dimmed" fw={600}>
                    {text.questionId
                      ? text.field === 'title'
                        ? `Question ${numbers.get(text.questionId)}`
                        : `Question ${numbers.get(text.questionId)}, ${fieldLabels[text.field]}`
                      : fieldLabels[text.field]}
                  </Text>
                  <Text size="sm" lang="en" style={{ overflowWrap: 'anywhere' }}>
                    {pipingInWords(text.english, survey.questions)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  {text.translated === null ? (
                    <Text size="sm" c="dimmed" fs="italic">
                      Not translated
                    </Text>
                  ) : (
                    <Text size="sm" lang="es" style={{ overflowWrap: 'anywhere' }}>
                      {pipingInWords(text.translated, survey.questions, 'es')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
