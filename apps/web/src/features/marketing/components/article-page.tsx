import { Container } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { titleFromSlug } from '../content/slug';

export function ArticlePage() {
  const { article = '' } = useParams({ strict: false });
  return (
    <Container size="lg" py={64}>
      <ScreenHeader
        area="Research article"
        title={titleFromSlug(article)}
        description="The article's header, body, tags and a box to tell us whether it helped."
      />
    </Container>
  );
}
