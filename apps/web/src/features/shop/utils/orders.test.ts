import { describe, expect, it } from 'vitest';
import { downloadBlocker, downloadsLeft, orderStatusLabel, parseOrderId } from './orders';

describe('orderStatusLabel', () => {
  it('names every order state in words', () => {
    expect(orderStatusLabel('complete')).toBe('Paid');
    expect(orderStatusLabel('processing')).toBe('Paid');
    expect(orderStatusLabel('pending_payment')).toBe('Awaiting payment');
    expect(orderStatusLabel('new')).toBe('Awaiting payment');
    expect(orderStatusLabel('closed')).toBe('Refunded');
    expect(orderStatusLabel('canceled')).toBe('Canceled');
  });
});

describe('downloads', () => {
  const link = {
    status: 'available' as const,
    download_url: '/commerce-content/downloads/abc?expires=1&signature=x',
    number_of_downloads_bought: 10,
    number_of_downloads_used: 3,
  };

  it("counts what is left, or says 'Unlimited'", () => {
    expect(downloadsLeft(link)).toBe('7 of 10 left');
    expect(downloadsLeft({ ...link, number_of_downloads_used: 12 })).toBe('0 of 10 left');
    expect(downloadsLeft({ ...link, number_of_downloads_bought: 0 })).toBe('Unlimited');
  });

  it('says why a link cannot be used', () => {
    expect(downloadBlocker(link)).toBeNull();
    expect(downloadBlocker({ ...link, status: 'pending_payment', download_url: null })).toMatch(/invoice/);
    expect(downloadBlocker({ ...link, status: 'expired', download_url: null })).toMatch(/refunded/);
    expect(downloadBlocker({ ...link, number_of_downloads_used: 10, download_url: null })).toBe(
      'You have used all 10 downloads of this report. Contact support if you need more.',
    );
    expect(
      downloadBlocker({ ...link, number_of_downloads_bought: 0, number_of_downloads_used: 99 }),
    ).toBeNull();
  });
});

describe('parseOrderId', () => {
  it('takes positive whole numbers only', () => {
    expect(parseOrderId('42')).toBe(42);
    expect(parseOrderId(7)).toBe(7);
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', '', '\u00001', '99999999999', undefined, null]) {
      expect(parseOrderId(bad)).toBeNull();
    }
  });
});
