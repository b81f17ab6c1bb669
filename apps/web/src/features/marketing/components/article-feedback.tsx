import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconHeartHandshake, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useMyFeedback } from '../api/get-my-feedback';
import { useSendArticleFeedback } from '../api/send-article-feedback';

const COMMENT_MAX = 2000;

/**
 * 'Was this useful?': Yes or No counts at the click; the optional comment and Send then add to that same
 * vote (the server keys one vote per visitor cookie and keeps its comment). A visitor who already voted
 * sees their vote instead of the question.
 */
export function ArticleFeedbackBox({ articleId }: { articleId: number }) {
  const headingId = useId();
  const mine = useMyFeedback(articleId);
  const send = useSendArticleFeedback(articleId);
  const [choice, setChoice] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  const [done, setDone] = useState(false);

  const vote = (useful: boolean) => {
    setChoice(useful);
    send.mutate({ useful });
  };

  const body = (() => {
    // Until the visitor's own vote is known (never on the server, which renders for everyone), the
    // question shows: most visitors have not voted, and a lite page (decision 018) answers its buttons.
    const stored = mine.data ?? null;
    if (done || (choice === null && stored)) {
      return (
        <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="feedback-thanks">
          <IconHeartHandshake
            size={24}
            color="var(--mantine-color-anchor)"
            aria-hidden
            style={{ flexShrink: 0 }}
          />
          <Stack gap={2}>
            <Text fw={600}>Thank you for your feedback.</Text>
            <Text size="sm" c="dimmed">
              You told us this article was {(stored?.useful ?? choice) ? 'useful' : 'not useful'}.
              {stored?.comment ? ' We read every comment.' : ''}
            </Text>
          </Stack>
        </Group>
      );
    }
    return (
      <Stack gap="md">
        <Group gap="sm" role="group" aria-labelledby={headingId}>
          <Button
            variant={choice === true ? 'filled' : 'default'}
            leftSection={<IconThumbUp size={18} aria-hidden />}
            aria-pressed={choice === true}
            onClick={() => vote(true)}
          >
            Yes
          </Button>
          <Button
            variant={choice === false ? 'filled' : 'default'}
            leftSection={<IconThumbDown size={18} aria-hidden />}
            aria-pressed={choice === false}
            onClick={() => vote(false)}
          >
            No
          </Button>
        </Group>
        {choice !== null ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const text = comment.trim();
              // The vote is already counted; Send only adds the comment to it.
              if (!text) setDone(true);
              else send.mutate({ useful: choice, comment: text }, { onSuccess: () => setDone(true) });
            }}
          >
            <Stack gap="sm">
              {send.isSuccess ? (
                <Text size="sm" c="dimmed" role="status">
                  Thanks, your vote is counted. Add a comment if you like.
                </Text>
              ) : null}
              <Textarea
                label={choice ? 'What helped most? (optional)' : 'What were you looking for? (optional)'}
                description="Please don’t include personal details. We use comments to improve our articles."
                value={comment}
                onChange={(event) => setComment(event.currentTarget.value)}
                maxLength={COMMENT_MAX}
                autosize
                minRows={3}
                maxRows={8}
              />
              {send.isError ? (
                <Alert color="red" title="Your feedback was not sent">
                  Please check your connection and try again.
                </Alert>
              ) : null}
              <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
                Send
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    );
  })();

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby={headingId}
      // On a lite page (decision 018) the app starts when this comes near the screen, to show a vote
      // this visitor gave before.
      data-upgrade-visible
    >
      <Title order={2} id={headingId} fz="xl" mb="md">
        Was this useful?
      </Title>
      {mine.isError ? (
        <Text size="sm" c="dimmed">
          Feedback is not available right now. Please try again later.
        </Text>
      ) : (
        body
      )}
    </Paper>
  );
}
