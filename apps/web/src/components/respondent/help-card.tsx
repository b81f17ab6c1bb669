import { Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import type { HelpResource } from '@tv/contract';
import type { Ref } from 'react';
import { useRespondentHeadingLevel } from './heading-level';
import { HelpResourceList } from './help-resources';
import classes from './respondent.module.css';
import { useRespondentLanguage } from './respondent-language';

/**
 * Help for what the teen wrote, offered where they are (decision 035): under the answer that raised
 * it, before the next question, and on the screen after stopping. A region named by its heading, so
 * it is listed among the page's landmarks; the heading takes focus when the page moves the teen to it.
 * It never quotes the answer.
 */
export function HelpCard({
  title,
  body,
  resources,
  headingRef,
  testId,
}: {
  title: string;
  body: string;
  resources: readonly HelpResource[];
  headingRef?: Ref<HTMLHeadingElement>;
  testId: string;
}) {
  const { texts } = useRespondentLanguage();
  const pageLevel = useRespondentHeadingLevel();
  const titleId = `${testId}-title`;
  return (
    <section aria-labelledby={titleId} className={classes.helpCard} data-testid={testId}>
      <Stack gap="sm">
        <div className={classes.helpCardHeading}>
          <span className={classes.helpCardIcon} aria-hidden>
            <IconHeartHandshake size={20} stroke={1.8} />
          </span>
          <Title
            order={pageLevel === 1 ? 2 : 3}
            fz="lg"
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className={classes.heading}
          >
            {title}
          </Title>
        </div>
        <Text size="sm">{body}</Text>
        <HelpResourceList resources={resources} headingOrder={pageLevel === 1 ? 3 : 4} />
        <Text size="sm" c="dimmed">
          {texts.supportDanger}
        </Text>
      </Stack>
    </section>
  );
}
