import { ScreenHeader } from '../../../components/ui/screen-header';

export function OrderConfirmationScreen() {
  return (
    <ScreenHeader
      area="Shop"
      title="Order confirmation"
      description="A summary of your order and the report downloads it unlocked."
    />
  );
}
