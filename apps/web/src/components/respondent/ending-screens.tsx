import { Button, Stack, Text, Title } from '@mantine/core';
import {
  IconCircleCheck,
  IconDoorExit,
  IconHeartHandshake,
  IconHourglassEmpty,
  IconMoodSmile,
  IconPlayerPause,
} from '@tabler/icons-react';
import type { HelpResource } from '@tv/contract';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { useRespondentHeadingLevel } from './heading-level';
import { HelpCard } from './help-card';
import { HelpResourceList, NeedHelpButton } from './help-resources';
import classes from './respondent.module.css';
import { InHelpLanguage, useRespondentLanguage } from './respondent-language';
import { messageIn, type RespondentTexts } from './utils/respondent-texts';

interface EndingProps {
  icon: ReactNode;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
  testId: string;
  supportHero?: boolean;
  /** Set when the screen is not in the page's language (help in the language the teen wrote in). */
  lang?: string;
}

function Ending({ icon, title, headingRef, children, testId, supportHero = false, lang }: EndingProps) {
  const headingLevel = useRespondentHeadingLevel();
  // An ending is where the flow stops: its heading takes the focus as it appears, whatever rendered
  // the screen, so a screen reader announces it and no focus is left on a button that is gone.
  const own = useRef<HTMLHeadingElement | null>(null);
  const setHeading = (element: HTMLHeadingElement | null) => {
    own.current = element;
    if (typeof headingRef === 'function') headingRef(element);
    else if (headingRef) (headingRef as { current: HTMLHeadingElement | null }).current = element;
  };
  useEffect(() => {
    if (own.current && document.activeElement !== own.current) own.current.focus();
  }, []);
  return (
    <Stack gap="md" data-testid={testId} lang={lang}>
      <span className={`${classes.hero} ${supportHero ? classes.supportHero : ''}`} aria-hidden>
        {icon}
      </span>
      <Title
        order={headingLevel}
        fz={{ base: 24, sm: 28 }}
        ref={setHeading}
        tabIndex={-1}
        className={classes.heading}
      >
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function ThankYouScreen({
  message,
  headingRef,
}: {
  message: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { lang, texts } = useRespondentLanguage();
  return (
    <Ending
      icon={<IconCircleCheck size={30} stroke={1.8} />}
      title={texts.thanksTitle}
      headingRef={headingRef}
      testId="thank-you"
    >
      <Text size="lg">{messageIn(message, lang)}</Text>
      <Text c="dimmed">{texts.closePage}</Text>
      <div>
        <NeedHelpButton />
      </div>
    </Ending>
  );
}

/**
 * Shown straight after sending when an answer suggested the teen may be going through something
 * hard. It never quotes the answer or promises contact nobody can make (answers are anonymous);
 * it offers help warmly.
 */
export function SupportScreen({
  resources,
  headingRef,
}: {
  resources: readonly HelpResource[];
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <InHelpLanguage resources={resources}>
      {(lang) => <SupportIn resources={resources} headingRef={headingRef} lang={lang} />}
    </InHelpLanguage>
  );
}

function SupportIn({
  resources,
  headingRef,
  lang,
}: {
  resources: readonly HelpResource[];
  headingRef: Ref<HTMLHeadingElement>;
  lang: string | undefined;
}) {
  const { texts } = useRespondentLanguage();
  return (
    <Ending
      icon={<IconHeartHandshake size={30} stroke={1.8} />}
      title={texts.supportTitle}
      headingRef={headingRef}
      testId="support"
      supportHero
      lang={lang}
    >
      <Text size="lg">{texts.supportBody}</Text>
      <HelpResourceList resources={resources} headingOrder={2} />
      <Text size="sm" c="dimmed">
        {texts.supportDanger}
      </Text>
    </Ending>
  );
}

export type EndedOutcome = 'screened_out' | 'quota_full' | 'closed' | 'already_taken';

const endedTitles = (texts: RespondentTexts): Record<EndedOutcome, string> => texts.endedTitles;

/**
 * After stopping or an early end, when something the teen wrote in this visit raised a concern
 * (decision 035): the help for it, so leaving never means leaving without it.
 */
function StillHelp({ resources }: { resources: readonly HelpResource[] | null }) {
  if (!resources?.length) return null;
  return <HelpCard when="stopped" resources={resources} testId="stopped-help" />;
}

/** Screened out, quota full or closed: a polite end in the server's own words. */
export function EndedScreen({
  outcome,
  message,
  headingRef,
  help = null,
}: {
  outcome: EndedOutcome;
  message: string;
  headingRef: Ref<HTMLHeadingElement>;
  /** The help for a concern raised in this visit, if any. */
  help?: readonly HelpResource[] | null;
}) {
  const { lang, texts } = useRespondentLanguage();
  return (
    <Ending
      icon={
        outcome === 'closed' ? (
          <IconHourglassEmpty size={30} stroke={1.8} />
        ) : (
          <IconMoodSmile size={30} stroke={1.8} />
        )
      }
      title={endedTitles(texts)[outcome]}
      headingRef={headingRef}
      testId={`ended-${outcome}`}
    >
      <Text size="lg" data-testid="outcome-message">
        {messageIn(message, lang)}
      </Text>
      <Text c="dimmed">{texts.nothingElse}</Text>
      <StillHelp resources={help} />
    </Ending>
  );
}

export function DeclinedScreen({
  headingRef,
  stopped,
  onRestart,
  help = null,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  stopped: boolean;
  onRestart: () => void;
  /** After stopping: the help for a concern raised in this visit, if any (decision 035). */
  help?: readonly HelpResource[] | null;
}) {
  const { texts } = useRespondentLanguage();
  return (
    <Ending
      icon={<IconDoorExit size={30} stroke={1.8} />}
      title={stopped ? texts.stoppedTitle : texts.declinedTitle}
      headingRef={headingRef}
      testId="declined"
    >
      <Text size="lg">{stopped ? texts.stoppedBody : texts.declinedBody}</Text>
      {stopped ? <StillHelp resources={help} /> : null}
      <div className={classes.actions}>
        <Button variant="default" size="md" onClick={onRestart}>
          {stopped ? texts.startAgain : texts.changedMind}
        </Button>
      </div>
    </Ending>
  );
}

/** A paused survey may come back; a closed or unknown one will not. */
export function UnavailableScreen({
  kind,
  message,
  headingRef,
  onRetry,
}: {
  kind: 'paused' | 'closed' | 'not_found' | 'offline';
  message?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  onRetry?: () => void;
}) {
  const content = {
    paused: {
      icon: <IconPlayerPause size={30} stroke={1.8} />,
      title: 'This survey is taking a short break',
      body: 'It isn’t taking answers right now. Please try the same link again later. If you started already, your answers are saved on this device.',
    },
    closed: {
      icon: <IconHourglassEmpty size={30} stroke={1.8} />,
      title: 'This survey has closed',
      body: 'It isn’t taking answers any more. Thanks for stopping by!',
    },
    not_found: {
      icon: <IconMoodSmile size={30} stroke={1.8} />,
      title: 'We couldn’t find this survey',
      body:
        message ?? 'Check the link you were given. It may have a typo, or the survey may have been removed.',
    },
    offline: {
      icon: <IconHourglassEmpty size={30} stroke={1.8} />,
      title: 'We couldn’t load the survey',
      body: 'Check your internet connection and try again.',
    },
  }[kind];
  return (
    <Ending icon={content.icon} title={content.title} headingRef={headingRef} testId={`unavailable-${kind}`}>
      <Text size="lg">{content.body}</Text>
      {onRetry ? (
        <div>
          <Button size="md" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : null}
    </Ending>
  );
}
