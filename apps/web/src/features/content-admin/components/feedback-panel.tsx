import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessage, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { QueryState } from '../../../components/ui/query-state';
import { useArticleFeedback } from '../api/get-article-feedback';
import { formatDateTime } from '../utils/dates';

/** What readers said under 'Was this useful?', for the editor deciding what to improve. */
export function FeedbackPanel({ articleId }: { articleId: number }) {
  const feedback = useArticleFeedback(articleId);
  return (
    <QueryState
      query={feedback}
      loadingLabel="Loading reader feedback"
      skeletonRows={3}
      errorTitle="Reader feedback could not be loaded"
    >
      {(comments) =>
        comments.length === 0 ? (
          <EmptyStateCard
            icon={IconMessage}
            title="No comments yet"
            description="Readers can say whether the article helped and why. Their comments will show here."
          />
        ) : (
          <Stack gap="sm">
            {comments.map((comment) => (
              <Paper withBorder radius="md" p="md" key={`${comment.createdAt}-${comment.comment}`}>
                <Group justify="space-between" gap="sm" mb={comment.comment ? 'xs' : 0}>
                  <Badge
                    variant="light"
                    color={comment.useful ? 'green' : 'orange'}
                    leftSection={
                      comment.useful ? (
                        <IconThumbUp size={14} aria-hidden />
                      ) : (
                        <IconThumbDown size={14} aria-hidden />
                      )
                    }
                  >
                    {comment.useful ? 'Useful' : 'Not useful'}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(comment.createdAt)}
                  </Text>
                </Group>
                {comment.comment ? <Text size="sm">{comment.comment}</Text> : null}
              </Paper>
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}
