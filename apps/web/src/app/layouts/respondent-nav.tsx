import { Container, Group, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { BrandLogo } from '../../components/ui/brand-logo';
import classes from './layouts.module.css';

/**
 * The top bar a teen sees while answering: the brand and a reminder that answers are anonymous.
 * No sign-in, no site links and no colour toggle, so nothing pulls the respondent out of the survey.
 * It keeps the site bar's height, so the notifications container below it stays in place.
 */
export function RespondentNav() {
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <BrandLogo />
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconShieldLock size={18} aria-hidden="true" />
          <Text size="sm" fw={500}>
            Anonymous survey
          </Text>
        </Group>
      </Container>
    </header>
  );
}
