import type { PaymentProvider } from './types';

/** A total of $0: nothing to take, the order is paid at once. */
export const freeProvider: PaymentProvider = {
  code: 'free',
  title: 'No payment required',
  isAvailable: (totals, config) => freeProvider.unavailableReason(totals, config) === null,
  unavailableReason: (totals) =>
    totals.grandTotalCents === 0 ? null : 'This order has a total to pay: choose another payment method.',
  async pay() {
    return { outcome: 'paid', reference: null, comment: 'No payment required.' };
  },
};
