import { Alert, Badge, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconGitBranch } from '@tabler/icons-react';
import {
  apiErrorSchema,
  estimateAudience,
  genderLabels,
  type Question,
  questionRulesInWords,
  quotaInWords,
  type ReviewedSurvey,
  regionLabels,
  type Survey,
  screenerInWords,
  translatableTexts,
} from '@tv/contract';
import { StatusHistoryTimeline } from '../../../components/ui/status-history-timeline';
import { isHttpError } from '../../../lib/http-error';
import { useLastReview } from '../api/get-last-review';
import { type ChangeKind, diffReviewedSurvey } from '../utils/survey-diff';

const usd = (value: number) =>
  value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const problemMessage = (error: unknown) => {
  const parsed = isHttpError(error) ? apiErrorSchema.safeParse(error.data) : null;
  return parsed?.success ? parsed.data.message : 'Something went wrong. Please try again.';
};

/**
 * Under a question: every rule it follows, in words (who sees it, piped answers, limits, shuffling,
 * skips and the screen-out), in English and, when the survey has a Spanish version, in Spanish with
 * the Spanish texts, so the moderator approves what teens in either language will get.
 */
export function QuestionRulesNote({
  question,
  questions,
  translations,
}: {
  question: Question;
  questions: Question[];
  translations?: Survey['translations'];
}) {
  const english = questionRulesInWords(question, questions, 'en');
  const hasSpanish = translatableTexts({ name: '', description: null, questions }, translations, 'es').some(
    (text) => text.translated !== null,
  );
  const spanish = hasSpanish ? questionRulesInWords(question, questions, 'es', translations) : [];
  if (english.length === 0) return null;
  return (
    <Stack gap={6} data-testid="question-rules">
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconGitBranch size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" fw={600}>
          Rules
        </Text>
      </Group>
      <List size="sm" spacing={2} lang="en" data-testid="question-rules-en" aria-label="Rules in English">
        {english.map((sentence) => (
          <List.Item key={sentence}>{sentence}</List.Item>
        ))}
      </List>
      {spanish.length > 0 ? (
        <>
          <Text size="xs" c="dimmed" fw={600}>
            In the Spanish version
          </Text>
          <List
            size="sm"
            spacing={2}
            lang="es"
            data-testid="question-rules-es"
            aria-label="Rules in the Spanish version"
          >
            {spanish.map((sentence) => (
              <List.Item key={sentence}>{sentence}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}

/**
 * Everything the audience decides, as the author saw it in the builder: who, how many, the price
 * (the builder's own estimate), the quotas and the screener teens answer first.
 */
export function AudienceReview({ survey }: { survey: Survey }) {
  const audience = survey.audience;
  const estimate = audience ? estimateAudience(audience, survey.questions.length) : null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="audience-review-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="audience-review-title">
            Audience, quotas, price and screener
          </Title>
          {estimate ? (
            <Badge color={estimate.feasible ? 'green' : 'orange'} variant="light">
              {estimate.feasible ? 'Feasible' : 'Hard to reach'}
            </Badge>
          ) : null}
        </Group>
        {audience && estimate ? (
          <>
            <Text size="sm">
              Ages {audience.ageMin}–{audience.ageMax} ·{' '}
              {audience.genders.length
                ? audience.genders.map((g) => genderLabels[g]).join(', ')
                : 'all genders'}{' '}
              ·{' '}
              {audience.states.length
                ? audience.states.join(', ')
                : audience.regions.length
                  ? audience.regions.map((r) => regionLabels[r]).join(', ')
                  : 'whole US'}
            </Text>
            <Group gap="xl" data-testid="review-estimate">
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  Estimated price
                </Text>
                <Text fw={700} data-testid="review-price">
                  {usd(estimate.priceUsd)}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  Completed responses
                </Text>
                <Text fw={700}>{audience.sampleSize.toLocaleString('en-US')}</Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  Fieldwork
                </Text>
                <Text fw={700}>about {estimate.fieldDays} days</Text>
              </Stack>
            </Group>
            {estimate.warnings.length > 0 ? (
              <List size="sm" spacing={4}>
                {estimate.warnings.map((warning) => (
                  <List.Item key={warning}>{warning}</List.Item>
                ))}
              </List>
            ) : null}
            <Stack gap={4}>
              <Title order={3} fz="md">
                Quotas
              </Title>
              {audience.quotas.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No quotas: any mix of the audience counts towards the sample.
                </Text>
              ) : (
                <List size="sm" spacing={4} data-testid="review-quotas">
                  {audience.quotas.map((quota) => (
                    <List.Item key={`${quota.attribute}-${quota.value}`}>
                      {quotaInWords(quota, audience.sampleSize)}
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No audience set, so there is no price or quota to check yet.
          </Text>
        )}
        <Stack gap={4}>
          <Title order={3} fz="md">
            Screener
          </Title>
          <List size="sm" spacing={4} data-testid="review-screener">
            {screenerInWords(audience).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>
      </Stack>
    </Paper>
  );
}

const kindColors: Record<ChangeKind, string> = { added: 'green', removed: 'red', changed: 'blue' };
const kindLabels: Record<ChangeKind, string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

const asReviewed = (survey: Survey): ReviewedSurvey => ({
  version: survey.version,
  name: survey.name,
  description: survey.description,
  questions: survey.questions,
  audience: survey.audience,
  ...(survey.translations ? { translations: survey.translations } : {}),
});

/** A resubmission compared with the version a moderator last approved or sent back. */
export function ChangesSinceReview({ survey }: { survey: Survey }) {
  const lastReview = useLastReview(survey.id);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="changes-since-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="changes-since-title">
          Changes since the last review
        </Title>
        {lastReview.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading the last review">
            <Skeleton h={20} />
            <Skeleton h={20} />
          </Stack>
        ) : lastReview.isError ? (
          <Alert color="red" variant="light" role="alert">
            {problemMessage(lastReview.error)}
          </Alert>
        ) : !lastReview.data ? (
          <Text size="sm" c="dimmed" data-testid="no-earlier-review">
            This is the survey’s first review, so there is nothing to compare with. Check every question
            below.
          </Text>
        ) : (
          <ReviewDiff survey={survey} review={lastReview.data} />
        )}
      </Stack>
    </Paper>
  );
}

function ReviewDiff({
  survey,
  review,
}: {
  survey: Survey;
  review: NonNullable<ReturnType<typeof useLastReview>['data']>;
}) {
  const changes = diffReviewedSurvey(review.survey, asReviewed(survey));
  const decided = review.decision === 'approve' ? 'approved' : 'sent back for changes';
  return (
    <Stack gap="sm" data-testid="review-diff">
      <Text size="sm" c="dimmed">
        Compared with the version {review.moderatorName ?? 'a moderator'} {decided} on {when(review.at)}.
      </Text>
      {review.reasons.length > 0 ? (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Changes asked for then
          </Text>
          <List size="sm" spacing={2}>
            {review.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
          {review.note ? <Text size="sm">{review.note}</Text> : null}
        </Stack>
      ) : null}
      {changes.length === 0 ? (
        <Alert color="orange" variant="light" data-testid="no-changes">
          Nothing has changed since that review.
        </Alert>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {changes.map((change) => (
            <li key={`${change.kind}-${change.area}`} data-testid="review-change">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge
                  color={kindColors[change.kind]}
                  variant="light"
                  radius="sm"
                  miw={92}
                  style={{ flexShrink: 0, overflow: 'visible' }}
                >
                  {kindLabels[change.kind]}
                </Badge>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={600} size="sm">
                      {change.area}:
                    </Text>{' '}
                    {change.summary}
                  </Text>
                  {change.details.length > 0 ? (
                    <List size="sm" spacing={2} style={{ overflowWrap: 'anywhere' }}>
                      {change.details.map((detail) => (
                        <List.Item key={detail}>{detail}</List.Item>
                      ))}
                    </List>
                  ) : null}
                </Stack>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The survey's status history, with the note and the reasons of every request for changes. */
export function ModerationHistory({ surveyId }: { surveyId: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="moderation-history-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="moderation-history-title">
          Status history
        </Title>
        <StatusHistoryTimeline surveyId={surveyId} testId="moderation-history" />
      </Stack>
    </Paper>
  );
}
