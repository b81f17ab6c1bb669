import type { PaymentMethodCode, PaymentMethodInfo } from '@tv/contract';
import type { Config } from '../../../config';
import { freeProvider } from './free';
import { purchaseOrderProvider } from './purchase-order';
import { stripeProvider } from './stripe';
import type { PaymentProvider, PaymentTotals } from './types';

export type { PaymentInput, PaymentProvider, PaymentRequest, PaymentResult, PaymentTotals } from './types';

/** Every way to pay, in the order the checkout lists them. */
export const paymentProviders: Record<PaymentMethodCode, PaymentProvider> = {
  free: freeProvider,
  purchaseorder: purchaseOrderProvider,
  stripe_payments: stripeProvider,
};

export const paymentTitle = (code: string): string =>
  paymentProviders[code as PaymentMethodCode]?.title ?? code;

/** The methods a cart with these totals can use: free only at $0, the others only above. */
export function availablePaymentMethods(totals: PaymentTotals, config: Config): PaymentMethodInfo[] {
  return Object.values(paymentProviders)
    .filter((provider) => provider.isAvailable(totals, config))
    .map(({ code, title }) => ({ code, title }));
}
