import { Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import type { HelpResource } from '@tv/contract';
import type { Ref } from 'react';
import { useRespondentHeadingLevel } from './heading-level';
import { HelpResourceList } from './help-resources';
import classes from './respondent.module.css';
import { InHelpLanguage, useRespondentLanguage } from './respondent-language';

/**
 * Help for what the teen wrote, offered where they are (decision 035): under the answer that raised
 * it, before the next question, and on the screen after stopping. A region named by its heading, so
 * it is listed among the page's landmarks; the heading takes focus when the page moves the teen to it.
 * It never quotes the answer.
 */
export function HelpCard({
  when,
  resources,
  headingRef,
  testId,
}: {
  /** As the teen leaves an answer, or after stopping: the card's header and words. */
  when: 'check' | 'stopped';
  resources: readonly HelpResource[];
  headingRef?: Ref<HTMLHeadingElement>;
  testId: string;
}) {
  return (
    <InHelpLanguage resources={resources}>
      {(lang) => (
        <HelpCardIn when={when} resources={resources} headingRef={headingRef} testId={testId} lang={lang} />
      )}
    </InHelpLanguage>
  );
}

function HelpCardIn({
  when,
  resources,
  headingRef,
  testId,
  lang,
}: {
  when: 'check' | 'stopped';
  resources: readonly HelpResource[];
  headingRef?: Ref<HTMLHeadingElement>;
  testId: string;
  lang: string | undefined;
}) {
  const { texts } = useRespondentLanguage();
  const pageLevel = useRespondentHeadingLevel();
  const titleId = `${testId}-title`;
  const title = when === 'check' ? texts.checkTitle : texts.stoppedHelpTitle;
  const body = when === 'check' ? texts.checkBody : texts.stoppedHelpBody;
  return (
    <section aria-labelledby={titleId} className={classes.helpCard} data-testid={testId} lang={lang}>
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
