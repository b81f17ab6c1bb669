import { expect, type Page, test } from '@playwright/test';
import { pageTexts, squash } from '../../apps/server/src/test/pdf-text';
import { expectNoSeriousViolations } from './axe-helpers';
import { demo, registerAccount, signInApi } from './identity-helpers';

// A purchase by card on Stripe's hosted page (the stand-in, e2e/stubs/stripe-stub.ts), then a refund by
// staff: the receipt and the credit note are read back from their PDFs.

const COMMERCE = '/commerce-content/rest/V1';

async function commerceToken(page: Page): Promise<string> {
  const response = await page.request.get('/ecommerce/customer-token');
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data.token as string;
}

/** A paid report on sale, from the storefront's own catalog. */
async function paidReport(page: Page) {
  const response = await page.request.get(`${COMMERCE}/products-render-info`, {
    params: { searchCriteria: '', storeId: 1, currencyCode: 'USD' },
  });
  const items = (await response.json()).items as Array<{
    name: string;
    is_salable: string;
    price_info: { final_price: number };
    extension_attributes: { sku: string };
  }>;
  const paid = items.find((item) => item.is_salable === '1' && item.price_info.final_price >= 1);
  expect(paid, 'a paid report on sale').toBeDefined();
  return { name: paid!.name, sku: paid!.extension_attributes.sku, price: paid!.price_info.final_price };
}

const pdfText = async (page: Page, url: string) => {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  return squash((await pageTexts(await response.body())).join('\n'));
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'tv_consent',
      JSON.stringify({ analytics: false, ads: false, updatedAt: new Date().toISOString() }),
    );
  });
});

test('a buyer pays by card on Stripe’s page, downloads the report, and staff refund it with a credit note', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // A buyer with a long address, on a phone: the confirmation must not scroll sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const email = `e2e-card-buyer-with-a-rather-long-address-${Date.now().toString(36)}@northside-youth-services.example.test`;
  await registerAccount(page.request, { email, firstName: 'Avery', lastName: 'Card' });
  const report = await paidReport(page);
  const token = await commerceToken(page);
  const auth = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`${COMMERCE}/carts/mine`, { headers: auth })).ok()).toBe(true);
  const added = await page.request.post(`${COMMERCE}/carts/mine/items`, {
    headers: auth,
    data: { cartItem: { sku: report.sku, qty: 1 } },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto('/cart');
  const form = page.getByRole('form', { name: 'Checkout' });
  await expect(form.getByTestId('cart-item')).toContainText(report.name);
  await form.getByLabel('Company name').fill('Northside Youth Services');
  await form.getByLabel('Street address').fill('200 N Michigan Ave');
  await form.getByLabel('City').fill('Chicago');
  await form.getByLabel('ZIP code').fill('60601');
  const state = form.getByRole('combobox', { name: 'State' });
  await expect(async () => {
    await state.fill('Illinois');
    await page.getByRole('option', { name: 'Illinois', exact: true }).click({ timeout: 5_000 });
    await expect(state).toHaveValue('Illinois', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await form.getByRole('radio', { name: 'Credit or debit card' }).check();
  await expect(form.getByTestId('cards-not-accepted')).toHaveCount(0);
  await form.getByRole('button', { name: 'Continue to card payment' }).click();

  // Stripe's hosted page (the stand-in): no card field on ours.
  await expect(page).toHaveURL(/\/pay\/cs_test_[0-9a-f]+$/);
  await expect(page.getByRole('heading', { name: 'Stripe test checkout' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay \$/ }).click();

  // Back on our site: paid once Stripe's webhook (or the session, asked) says so.
  await expect(page).toHaveURL(/\/order-confirmation\?order=\d+&session_id=cs_test_/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order', {
    timeout: 30_000,
  });
  await expect(page.getByText('Paid in full.')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // The download works.
  const downloads = page.getByRole('region', { name: 'Your downloads' });
  const saved = page.waitForEvent('download');
  await downloads.getByRole('button', { name: `Download ${report.name}` }).click();
  expect((await saved).suggestedFilename()).toMatch(/\.pdf$/);

  // The receipt, read back from its PDF.
  const receipt = await pdfText(page, `/commerce-content/receipts/${orderId}.pdf`);
  for (const expected of [
    'Receipt',
    'PAID',
    report.name,
    'Credit or debit card',
    'You can download your reports',
  ])
    expect(receipt).toContain(squash(expected));

  // Staff refund it from the order detail.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInApi(staff.request, demo.platformAdmin);
  await staff.goto(`/research/builder/admin/shop/orders/${orderId}`);
  await expect(staff.getByTestId('order-state')).toHaveText('Paid');
  await staff.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = staff.getByRole('dialog', { name: /^Refund order #\d+\?$/ });
  await expect(dialog.getByRole('checkbox', { name: new RegExp(report.name.slice(0, 20)) })).toBeChecked();
  await expectNoSeriousViolations(staff);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Bought for the wrong school');
  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByTestId('order-state')).toHaveText('Refunded');
  const notes = staff.getByRole('region', { name: 'Credit notes' });
  const link = notes.getByRole('link', { name: /^Credit note CN-\d+-1 \(PDF\)$/ });
  await expect(link).toBeVisible();
  const creditNote = await pdfText(staff, (await link.getAttribute('href'))!);
  for (const expected of [
    'Credit note',
    report.name,
    'Bought for the wrong school',
    'Refunded to the card',
    'The downloads of the refunded reports have ended.',
  ])
    expect(creditNote).toContain(squash(expected));
  await staffContext.close();

  // The buyer keeps every document; the receipt now says the downloads have ended.
  await page.goto('/user/purchase-history');
  await expect(page.getByRole('link', { name: /^Receipt R-\d+ \(PDF\)$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Credit note CN-\d+-1 \(PDF\)$/ })).toBeVisible();
  const after = await pdfText(page, `/commerce-content/receipts/${orderId}.pdf`);
  expect(after).toContain(squash('This order was refunded: its downloads have ended.'));
  expect(after).not.toContain(squash('You can download your reports'));
});
