import { Container } from '@mantine/core';
import { ScreenHeader } from '../../../components/ui/screen-header';

export function CartScreen() {
  return (
    <Container size="lg" py={64}>
      <ScreenHeader
        area="Shop"
        title="Your cart"
        description="Research reports you have picked, ready for checkout in US dollars."
      />
    </Container>
  );
}
