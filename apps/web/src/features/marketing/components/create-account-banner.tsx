import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../../components/ui/links';
import { TalkToSalesButton } from '../../../components/ui/talk-to-sales-button';
import classes from './marketing.module.css';

export function CreateAccountBanner({
  title = 'Ask your first question this week.',
  description = 'Create an account, draft a survey with our templates and preview it exactly as a teenager will see it. Our team reviews it before anything goes live.',
}: {
  title?: string;
  description?: string;
}) {
  return (
    <Container size="lg" py={{ base: 56, sm: 88 }}>
      <section className={classes.ctaBanner} aria-labelledby="create-account-heading">
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap="sm" maw={620}>
            <Title order={2} id="create-account-heading" c="white" fz={{ base: 26, sm: 34 }} lts={-0.5}>
              {title}
            </Title>
            <Text c="rgba(255,255,255,0.88)" size="lg" lh={1.6}>
              {description}
            </Text>
          </Stack>
          <Group gap="sm">
            <ButtonLink to="/register" size="lg" color="white" c="green.9" radius="md">
              Create an account
            </ButtonLink>
            <TalkToSalesButton
              size="lg"
              variant="outline"
              color="white"
              radius="md"
              styles={{ root: { borderColor: 'rgba(255,255,255,0.6)', color: '#fff' } }}
            >
              Talk to sales
            </TalkToSalesButton>
          </Group>
        </Group>
      </section>
    </Container>
  );
}
