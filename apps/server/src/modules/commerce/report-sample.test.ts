import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { pageTexts } from '../../test/pdf-text';

/** Issue 25: a report page offers its free sample PDF, to anyone, before buying; one seller everywhere. */
let t: TestApp;
// An operator's own sales address: the contact page and the documents must both give this one.
const SALES_EMAIL = 'reports@riverbend.example';
beforeAll(async () => {
  t = await createTestApp({ SALES_EMAIL });
});
afterAll(async () => {
  await t?.close();
});

describe('a report’s free sample', () => {
  it('downloads as a real PDF for a signed-out visitor, and says it is the sample', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/commerce-content/samples/always-on-teens-phones-and-sleep-2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pageTexts(res.rawPayload)).join('\n');
    expect(text.toLowerCase()).toContain('sample');
  });

  it('answers 404 in plain words for a report without one or a key that is not a report', async () => {
    for (const key of ['no-such-report', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url: `/commerce-content/samples/${key}` });
      expect(res.statusCode, key).toBe(404);
      expect(res.body).toContain('no free sample');
    }
  });
});

describe('GET /commerce-content/seller', () => {
  it('gives anyone the seller the receipts name, with the configured sales address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/commerce-content/seller' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      name: 'TeenVoice, Inc.',
      address: ['400 Harrison Street, Suite 310', 'San Francisco, CA 94105', 'United States'],
      email: SALES_EMAIL,
    });
  });
});
