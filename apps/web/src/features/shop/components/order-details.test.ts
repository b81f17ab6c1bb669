import { describe, expect, it } from 'vitest';
import { orderMoneyRows } from './order-details';

describe('orderMoneyRows', () => {
  const base = { subtotal: 200, tax_amount: 15, grand_total: 165, total_refunded: 0 };

  it("shows a coupon's discount as a deduction, whether the order writes it negative (Magento) or a receipt positive", () => {
    for (const discount_amount of [-50, 50]) {
      const rows = orderMoneyRows({ ...base, discount_amount });
      expect(rows.map((row) => row.label)).toEqual(['Subtotal', 'Discount', 'Tax', 'Grand Total']);
      expect(rows[1]).toMatchObject({ value: 50, negative: true });
    }
  });

  it('has no discount row without a coupon', () => {
    expect(orderMoneyRows({ ...base, discount_amount: 0 }).map((row) => row.label)).toEqual([
      'Subtotal',
      'Tax',
      'Grand Total',
    ]);
  });
});
