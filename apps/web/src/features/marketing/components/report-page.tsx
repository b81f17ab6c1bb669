import { Container } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { titleFromSlug } from '../content/slug';

export function ReportPage() {
  const { report = '' } = useParams({ strict: false });
  return (
    <Container size="lg" py={64}>
      <ScreenHeader
        area="Research report"
        title={titleFromSlug(report)}
        description="The report's summary, preview pages, product details and buying options."
      />
    </Container>
  );
}
