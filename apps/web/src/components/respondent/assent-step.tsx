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
import { LanguageSwitch, useRespondentLanguage } from './respondent-language';

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
  const { texts } = useRespondentLanguage();
  const minutes = survey.estimatedMinutes;
  const hasRequired = survey.questions.some((q) => q.required);
  return (
    <Stack gap="lg" data-testid="assent">
      <LanguageSwitch />
      <Stack gap="sm">
        <span className={classes.hero} aria-hidden>
          <IconMessageCircle size={30} stroke={1.8} />
        </span>
        <Text size="sm" fw={700} c="var(--mantine-color-anchor)">
          {texts.assentKicker}
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

      <Stack
        gap="md"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={texts.beforeYouStart}
      >
        <AssentPoint icon={<IconClock size={20} />} title={texts.aboutMinutes(minutes)}>
          {texts.questionsOneAtATime(survey.questionCount)}
        </AssentPoint>
        <AssentPoint icon={<IconShieldLock size={20} />} title={texts.anonymousTitle}>
          {texts.anonymousBody}
        </AssentPoint>
        <AssentPoint icon={<IconHandStop size={20} />} title={texts.upToYouTitle}>
          {hasRequired ? texts.upToYouRequired : texts.upToYouAll}
          {texts.sayingNo}
        </AssentPoint>
        <AssentPoint icon={<IconHeartHandshake size={20} />} title={texts.helpTitle}>
          {texts.helpBody}
        </AssentPoint>
      </Stack>

      <div className={classes.actions}>
        <Button size="lg" onClick={onAccept} disabled={survey.questions.length === 0}>
          {texts.accept}
        </Button>
        <Button size="lg" variant="default" onClick={onDecline}>
          {texts.decline}
        </Button>
      </div>
      <div>
        <NeedHelpButton />
      </div>
    </Stack>
  );
}
