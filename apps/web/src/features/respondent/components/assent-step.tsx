import { Button, Stack, Text, Title } from '@mantine/core';
import {
  IconClock,
  IconHandStop,
  IconHeartHandshake,
  IconMessageCircle,
  IconShieldLock,
} from '@tabler/icons-react';
import type { PublicSurvey } from '@tv/contract';
import type { ReactNode, Ref } from 'react';
import { useRespondentHeadingLevel } from './heading-level';
import { NeedHelpButton } from './help-resources';
import classes from './respondent.module.css';

function AssentPoint({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className={classes.promise}>
      <span className={classes.promiseIcon} aria-hidden>
        {icon}
      </span>
      <div>
        <Text fw={650} lh={1.35}>
          {title}
        </Text>
        <Text size="sm" c="dimmed" lh={1.45}>
          {children}
        </Text>
      </div>
    </li>
  );
}

interface AssentStepProps {
  survey: PublicSurvey;
  headingRef: Ref<HTMLHeadingElement>;
  onAccept: () => void;
  onDecline: () => void;
}

/** Plain-language assent, written for 13-year-olds: what it is, how long, what we do with answers. */
export function AssentStep({ survey, headingRef, onAccept, onDecline }: AssentStepProps) {
  const headingLevel = useRespondentHeadingLevel();
  const minutes = survey.estimatedMinutes;
  const hasRequired = survey.questions.some((q) => q.required);
  return (
    <Stack gap="lg" data-testid="assent">
      <Stack gap="sm">
        <span className={classes.hero} aria-hidden>
          <IconMessageCircle size={30} stroke={1.8} />
        </span>
        <Text size="sm" fw={700} c="var(--mantine-color-anchor)">
          We’d love to hear what you think
        </Text>
        <Title
          order={headingLevel}
          fz={{ base: 26, sm: 30 }}
          ref={headingRef}
          tabIndex={-1}
          className={classes.heading}
        >
          {survey.name}
        </Title>
        {survey.description ? <Text size="lg">{survey.description}</Text> : null}
      </Stack>

      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Before you start">
        <AssentPoint
          icon={<IconClock size={20} />}
          title={`About ${minutes} minute${minutes === 1 ? '' : 's'}`}
        >
          {survey.questionCount} question{survey.questionCount === 1 ? '' : 's'}, one at a time. You can go
          back and change an answer.
        </AssentPoint>
        <AssentPoint icon={<IconShieldLock size={20} />} title="Your answers are anonymous">
          We never ask your name, school, email or phone number, so nobody can tell which answers are yours.
        </AssentPoint>
        <AssentPoint icon={<IconHandStop size={20} />} title="It’s up to you">
          {hasRequired
            ? 'You can skip any question marked “optional”, and stop at any time. '
            : 'You can skip any question and stop at any time. '}
          Saying no is completely fine.
        </AssentPoint>
        <AssentPoint icon={<IconHeartHandshake size={20} />} title="Help is here if you need it">
          If a question brings up something hard, you can talk to someone for free, any time.
        </AssentPoint>
      </Stack>

      <div className={classes.actions}>
        <Button size="lg" onClick={onAccept} disabled={survey.questions.length === 0}>
          I’m happy to take part
        </Button>
        <Button size="lg" variant="default" onClick={onDecline}>
          No thanks
        </Button>
      </div>
      <div>
        <NeedHelpButton />
      </div>
    </Stack>
  );
}
