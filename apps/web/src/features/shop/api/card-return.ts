import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { commerceApi } from '../../../lib/commerce-client';
import { commerceMessage } from '../utils/checkout-form';

export type CardReturn =
  | { state: 'none' }
  | { state: 'restoring' }
  | { state: 'restored' }
  | { state: 'failed'; message: string };

/**
 * Back from Stripe's page without paying (/cart?card_canceled=<order>): the unpaid order is canceled
 * and its reports are put back in the cart, once, then the cart is read again.
 */
export function useCardReturn(refresh: () => Promise<unknown>): CardReturn {
  const search = useSearch({ strict: false }) as { card_canceled?: unknown };
  const orderId = Number(search.card_canceled);
  const valid = Number.isInteger(orderId) && orderId > 0 && orderId <= 2_147_483_647;
  const [result, setResult] = useState<CardReturn>(valid ? { state: 'restoring' } : { state: 'none' });
  const started = useRef(false);
  useEffect(() => {
    if (!valid || started.current) return;
    started.current = true;
    commerceApi
      .cancelCardPayment(orderId)
      .then(
        () => setResult({ state: 'restored' }),
        (error: unknown) =>
          setResult({
            state: 'failed',
            message: commerceMessage(error, 'Your cart could not be put back. Open your purchase history.'),
          }),
      )
      .finally(() => void refresh());
  }, [valid, orderId, refresh]);
  return result;
}
