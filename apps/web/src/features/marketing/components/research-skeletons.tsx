import { Container, Grid, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import classes from './marketing.module.css';

function HeroSkeleton() {
  return (
    <section className={classes.hero}>
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <Stack gap="lg" maw={720}>
          <Skeleton height={22} width={120} radius="xl" />
          <Skeleton height={44} width="90%" />
          <Skeleton height={18} width="75%" />
          <Skeleton height={18} width="60%" />
        </Stack>
      </Container>
    </section>
  );
}

/** Cards of the research feed while they load. */
export function ResearchCardsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Stack key={index} gap="sm">
          <Skeleton height={180} radius="lg" />
          <Skeleton height={14} width="40%" />
          <Skeleton height={20} width="85%" />
          <Skeleton height={14} width="95%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The research page while its feed loads. */
export function ResearchPageSkeleton() {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading research…</VisuallyHidden>
      <HeroSkeleton />
      <Container size="lg" py={64}>
        <Stack gap="xl">
          <Skeleton height={32} width="70%" radius="xl" />
          <ResearchCardsSkeleton />
        </Stack>
      </Container>
    </div>
  );
}

/** A report, article or legal page while it loads. */
export function ContentPageSkeleton() {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading…</VisuallyHidden>
      <HeroSkeleton />
      <Container size="lg" py={64}>
        <Grid gap={56}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              {[100, 96, 98, 90, 94, 70].map((width) => (
                <Skeleton key={width} height={16} width={`${width}%`} />
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton height={260} radius="lg" />
          </Grid.Col>
        </Grid>
      </Container>
    </div>
  );
}
