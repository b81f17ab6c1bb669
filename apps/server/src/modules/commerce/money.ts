/** Integer cents inside the server; Magento's decimal dollars on the wire. */
export const toAmount = (cents: number): number => Math.round(cents) / 100;

/** Dollars from the API (at most two decimals, already validated) to cents. */
export const toCents = (amount: number): number => Math.round(amount * 100);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,234.50' */
export const formatUsd = (cents: number): string => usd.format(toAmount(cents));

/** Tax on a subtotal at a rate in basis points, rounded half up to the cent. */
export const taxOn = (subtotalCents: number, rateBasisPoints: number): number =>
  Math.round((subtotalCents * rateBasisPoints) / 10_000);

/** A coupon's discount as the buyer's documents write it ('-$89.50'), or null without one. */
export const discountLine = (discountCents: number) =>
  discountCents > 0 ? `-${formatUsd(discountCents)}` : null;
