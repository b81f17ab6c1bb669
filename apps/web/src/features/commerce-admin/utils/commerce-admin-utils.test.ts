import { describe, expect, it } from 'vitest';
import { describeBars, niceMaximum } from '../components/bar-chart';
import { formatFileSize, formatLongMonth, formatMonth, formatUsd, formatWholeUsd } from './format';
import { availableOrderActions, orderStateLabel } from './order-states';
import { emptyProductValues, validateProductForm } from './product-form';
import { isValidOrderParams, ordersSearch } from './shop-search';

describe('money and months', () => {
  it('formats dollars the US way', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatWholeUsd(1234.5)).toBe('$1,235');
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatLongMonth('2026-12')).toBe('December 2026');
    expect(formatFileSize(1_468_006)).toBe('1.4 MB');
    expect(formatFileSize(2048)).toBe('2 KB');
  });
});

describe('order states', () => {
  it('offers only the actions the state allows', () => {
    expect(availableOrderActions({ state: 'pending_payment', amountPaid: 0, grandTotal: 495 })).toEqual([
      'mark-paid',
      'cancel',
    ]);
    expect(availableOrderActions({ state: 'complete', amountPaid: 495, grandTotal: 495 })).toEqual([
      'refund',
    ]);
    expect(availableOrderActions({ state: 'complete', amountPaid: 0, grandTotal: 0 })).toEqual([]);
    expect(availableOrderActions({ state: 'closed', amountPaid: 495, grandTotal: 495 })).toEqual([]);
    expect(availableOrderActions({ state: 'canceled', amountPaid: 0, grandTotal: 495 })).toEqual([]);
  });

  it('uses the words buyers see', () => {
    expect(orderStateLabel('complete')).toBe('Paid');
    expect(orderStateLabel('pending_payment')).toBe('Awaiting payment');
    expect(orderStateLabel('closed')).toBe('Refunded');
    expect(orderStateLabel('canceled')).toBe('Canceled');
  });
});

describe('orders search and ids', () => {
  it('keeps only what the screen understands', () => {
    expect(ordersSearch({ q: '  000000012 ', state: 'complete', page: 3 })).toEqual({
      q: '000000012',
      state: 'complete',
      page: 3,
    });
    expect(ordersSearch({ q: '\u0000', state: 'paid', page: 0 })).toEqual({});
    expect(ordersSearch({ page: 1.5 })).toEqual({});
    expect(ordersSearch({ q: 'x'.repeat(300) }).q).toHaveLength(200);
  });

  it('takes positive whole-number order ids only', () => {
    expect(isValidOrderParams({ orderId: '42' })).toBe(true);
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', '', '99999999999', '2147483648']) {
      expect(isValidOrderParams({ orderId: bad }), bad).toBe(false);
    }
  });
});

describe('product form', () => {
  const values = {
    ...emptyProductValues,
    sku: ' tv-rpt-2026-01 ',
    name: 'Always On 2026',
    price: 495,
    categoryId: '10',
    contentEntryId: '7',
  };

  it('sends what the contract accepts, upper-casing the SKU', () => {
    expect(validateProductForm(values, false)).toEqual({
      ok: true,
      input: {
        sku: 'TV-RPT-2026-01',
        name: 'Always On 2026',
        price: 495,
        categoryId: 10,
        contentEntryId: 7,
        onSale: false,
        numberOfDownloads: 10,
      },
    });
  });

  it("shows the contract's messages at the fields", () => {
    const result = validateProductForm(
      { ...values, sku: 'x', name: 'A', price: '', numberOfDownloads: 5000, onSale: true },
      false,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        sku: 'A SKU is 3 to 64 capital letters, digits and dashes, for example TV-RPT-2026-01.',
        name: 'Name should be at least 3 characters long',
        price: 'Enter a price in dollars, for example 495 or 0 for free.',
        numberOfDownloads: 'Enter 0 for unlimited downloads, or a number up to 1000.',
        onSale: 'Upload the report file before putting it on sale.',
      },
    });
    expect(validateProductForm({ ...values, price: 4.955 }, true)).toMatchObject({
      ok: false,
      errors: { price: 'A price has at most two decimals (cents).' },
    });
    expect(validateProductForm({ ...values, onSale: true }, true).ok).toBe(true);
  });
});

describe('bar chart', () => {
  it('rounds the axis up to a readable top', () => {
    expect(niceMaximum(0)).toBe(1);
    expect(niceMaximum(165)).toBe(200);
    expect(niceMaximum(2100)).toBe(2500);
    expect(niceMaximum(4900)).toBe(5000);
    expect(niceMaximum(1000)).toBe(1000);
  });

  it('summarises the figures in a sentence', () => {
    const data = [
      { label: 'Jan', longLabel: 'January 2026', value: 100 },
      { label: 'Feb', longLabel: 'February 2026', value: 250 },
      { label: 'Mar', longLabel: 'March 2026', value: 0 },
    ];
    expect(describeBars('Revenue by month', data, formatUsd)).toBe(
      'Revenue by month: $350.00 in total. Highest in February 2026 with $250.00; March 2026: $0.00. The figures follow in a table.',
    );
    expect(
      describeBars(
        'Revenue by month',
        data.map((d) => ({ ...d, value: 0 })),
        formatUsd,
      ),
    ).toBe('Revenue by month: nothing in any month yet.');
  });
});
