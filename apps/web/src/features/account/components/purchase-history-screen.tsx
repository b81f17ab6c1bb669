import { ScreenHeader } from '../../../components/ui/screen-header';

export function PurchaseHistoryScreen() {
  return (
    <ScreenHeader
      area="Account"
      title="Purchase history"
      description="Research reports you have bought, with their receipts and downloads."
    />
  );
}
