import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { pageTexts, squash } from '../../apps/server/src/test/pdf-text';
import { expectNoSeriousViolations } from './axe-helpers';
import { linkIn, readDeliveredMail, SIGN_UP_MAIL_SUBJECT, uniqueEmail } from './identity-helpers';

// The storefront's own catalog says which reports are on sale and at what price (the demo seed sells
// every seeded report and gives one away), so the test does not assume either.
interface CatalogProduct {
  name: string;
  sku: string;
  urlKey: string;
  price: number;
  downloads: number;
}

async function catalog(request: APIRequestContext): Promise<{ paid: CatalogProduct; free: CatalogProduct }> {
  const response = await request.get('/commerce-content/rest/V1/products-render-info', {
    params: { searchCriteria: '', storeId: 1, currencyCode: 'USD' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as {
    items: Array<{
      name: string;
      is_salable: '1' | '';
      price_info: { final_price: number };
      extension_attributes: { sku: string; url_key: string; number_of_downloads: number };
    }>;
  };
  const products = body.items
    .filter((item) => item.is_salable === '1')
    .map((item) => ({
      name: item.name,
      sku: item.extension_attributes.sku,
      urlKey: item.extension_attributes.url_key,
      price: item.price_info.final_price,
      downloads: item.extension_attributes.number_of_downloads,
    }));
  const paid = products.find((product) => product.price > 0);
  const free = products.find((product) => product.price === 0);
  expect(paid, 'a paid report on sale').toBeDefined();
  expect(free, 'a free report on sale').toBeDefined();
  return { paid: paid!, free: free! };
}

// The consent banner is answered already, so it never sits over the checkout.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'tv_consent',
      JSON.stringify({ analytics: false, ads: false, updatedAt: new Date().toISOString() }),
    );
  });
});

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** From a report page: the buy button, then a new account; the mailed sign-up link comes back to the cart. */
async function buyAsNewVisitor(page: Page, product: CatalogProduct, email: string, organization: string) {
  await page.goto(`/research/reports/${product.urlKey}`);
  const buy = page
    .getByRole('complementary', { name: 'Buy this report' })
    .getByRole('button', { name: product.price === 0 ? 'Get free report' : 'Buy report' });
  await buy.click();
  await expect(page).toHaveURL(/\/register\?redirect=%2Fcart$/);

  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('Organization name').fill(organization);
  await form.getByLabel('First name').fill('Morgan');
  await form.getByLabel('Last name').fill('Rivera');
  await form.getByLabel('Work email').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-password');
  await form.getByRole('textbox', { name: 'Confirm password' }).fill('a-long-password');
  await form.getByRole('checkbox', { name: /I accept the/ }).check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();
  const mail = await readDeliveredMail(email, SIGN_UP_MAIL_SUBJECT);
  await page.goto(linkIn(mail.text, '/register/confirm').toString());
  await page.getByRole('button', { name: 'Finish creating my account' }).click();
  await expect(page).toHaveURL('/cart');
}

/** Signed in already: the report page's button puts the report in the cart and opens it. */
async function buyAsMember(page: Page, product: CatalogProduct) {
  await page.goto(`/research/reports/${product.urlKey}`);
  await page
    .getByRole('complementary', { name: 'Buy this report' })
    .getByRole('button', { name: product.price === 0 ? 'Get free report' : 'Buy report' })
    .click();
  await expect(page).toHaveURL('/cart');
}

const checkout = (page: Page) => page.getByRole('form', { name: 'Checkout' });

async function fillBilling(page: Page, form: Locator) {
  await form.getByLabel('Street address').fill('200 N Michigan Ave');
  await form.getByLabel('City').fill('Chicago');
  await form.getByLabel('ZIP code').fill('60601');
  // The options list opens with a transition; a click that lands while it moves closes it, so the
  // choice is made again until the field holds it.
  const state = form.getByRole('combobox', { name: 'State' });
  await expect(async () => {
    await state.fill('Illinois');
    await page.getByRole('option', { name: 'Illinois', exact: true }).click({ timeout: 5_000 });
    await expect(state).toHaveValue('Illinois', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Clicks Download and reads the saved file as a PDF. */
async function downloadPdf(page: Page, scope: Locator, product: CatalogProduct) {
  const saved = page.waitForEvent('download');
  await scope.getByRole('button', { name: `Download ${product.name}` }).click();
  const download = await saved;
  await expect(scope.getByTestId('download-message')).toHaveText('Your file is ready to download');
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await download.path();
  const pdf = await PDFDocument.load(await readFile(path));
  return pdf;
}

test('a visitor buys a report by invoice and gets a free one, downloads it and finds both orders', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { paid, free } = await catalog(request);
  const email = uniqueEmail('shop');
  const organization = `Lakeshore Youth Services ${Date.now().toString(36)}`;

  // An anonymous visitor picks the paid report, signs up, and finds it in the cart.
  await buyAsNewVisitor(page, paid, email, organization);
  const form = checkout(page);
  await expect(form.getByTestId('cart-item')).toHaveCount(1);
  await expect(form.getByTestId('cart-item')).toContainText(paid.name);
  await expect(form.getByTestId('grand-total')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(paid.price),
  );
  await expectNoSeriousViolations(page);

  // Billing starts from the profile and the organization; the company form's rules apply word for word.
  await expect(form.getByLabel('Company name')).toHaveValue(organization);
  await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Morgan');
  await expect(form.getByLabel('Billing email')).toHaveValue(email);
  await expect(form.getByText('Everyone in this organization can download the reports.')).toBeVisible();
  await form.getByLabel('Company name').fill('Ab');
  await form.getByRole('textbox', { name: 'First name' }).fill('Mo');
  await form.getByLabel('Billing email').fill('not-an-email');
  await form.getByRole('button', { name: 'Place order' }).click();
  await expect(form.getByText('Company Name should be at least 3 characters long')).toBeVisible();
  await expect(form.getByText('First Name should be at least 3 characters long')).toBeVisible();
  await expect(form.getByText('Email is not valid')).toBeVisible();
  await expect(form.getByText('Required', { exact: true })).toHaveCount(4); // state, street, city, ZIP
  await expect(page).toHaveURL('/cart');

  await form.getByLabel('Company name').fill(organization);
  await form.getByRole('textbox', { name: 'First name' }).fill('Morgan');
  await form.getByLabel('Billing email').fill(email);
  await fillBilling(page, form);
  await expect(form.getByRole('radio', { name: 'Invoice (purchase order)' })).toBeChecked();
  await form.getByLabel('Purchase order number').fill('PO-E2E-118');
  await form.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?order=\d+$/);
  const invoiceOrderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  await expect(page.getByTestId('order-status').first()).toHaveText('Awaiting payment');
  await expect(page.getByTestId('next-steps')).toHaveText(
    `We have emailed the invoice to ${email}, with bank transfer details and its due date; it is also in your purchase history. Your downloads unlock as soon as payment arrives.`,
  );
  await expect(page.getByText('Purchase order number: PO-E2E-118')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View receipt' })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  // The cart is empty once the order is placed.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

  // The free report: nothing to pay, and a double click still places one order.
  await buyAsMember(page, free);
  const freeForm = checkout(page);
  await expect(freeForm.getByTestId('cart-item')).toContainText(free.name);
  await expect(freeForm.getByRole('radio', { name: 'No payment required' })).toBeChecked();
  await expect(freeForm.getByRole('radio', { name: 'Invoice (purchase order)' })).toHaveCount(0);
  await fillBilling(page, freeForm);
  await freeForm.getByRole('button', { name: 'Place order' }).dblclick();
  await expect(page).toHaveURL(/\/order-confirmation\?order=\d+$/);
  const freeOrderId = Number(new URL(page.url()).searchParams.get('order'));
  expect(freeOrderId).not.toBe(invoiceOrderId);
  await expect(page.getByTestId('order-status').first()).toHaveText('Paid');

  // The download is the report itself.
  const downloads = page.getByRole('region', { name: 'Your downloads' });
  const pdf = await downloadPdf(page, downloads, free);
  expect(pdf.getTitle()).toBe(free.name);
  expect(pdf.getPageCount()).toBeGreaterThan(1);

  // Purchase history: both orders (one, despite the double click), and the download counted.
  await page.goto('/user/purchase-history');
  const orders = page.getByRole('list', { name: 'Orders' }).getByTestId('order-row');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toContainText('Paid');
  await expect(orders.nth(0)).toContainText(free.name);
  await expect(orders.nth(1)).toContainText('Awaiting payment');
  await expect(orders.nth(1)).toContainText(paid.name);
  await expect(orders.nth(1)).toContainText(organization);
  await expect(orders.nth(1).getByRole('link', { name: /^Receipt/ })).toHaveCount(0);
  const freeRow = page.getByTestId('download-row').filter({ hasText: free.name });
  await expect(freeRow.getByTestId('downloads-left')).toHaveText(
    free.downloads === 0 ? 'Unlimited' : `${free.downloads - 1} of ${free.downloads} left`,
  );
  const paidRow = page.getByTestId('download-row').filter({ hasText: paid.name });
  await expect(paidRow.getByRole('button', { name: `Download ${paid.name}` })).toBeDisabled();
  await expect(paidRow).toContainText('Unlocks when the invoice is paid.');
  await expectNoSeriousViolations(page);

  // The unpaid order's invoice, a PDF the buyer can pay from: its number, amount and how to pay.
  const invoiceLink = orders.nth(1).getByRole('link', { name: /^Invoice INV-\d{9} \(PDF\)$/ });
  const invoicePdf = await page.request.get((await invoiceLink.getAttribute('href'))!);
  expect(invoicePdf.headers()['content-type']).toBe('application/pdf');
  const invoiceText = squash((await pageTexts(await invoicePdf.body())).join('\n'));
  for (const expected of ['PAYMENT DUE', 'Amount due', paid.name, 'Reference: order'])
    expect(invoiceText).toContain(squash(expected));

  // The receipt of the paid order, printable and as a PDF.
  await orders
    .nth(0)
    .getByRole('link', { name: /^Receipt for order/ })
    .click();
  await expect(page).toHaveURL(`/user/purchase-history/receipts/${freeOrderId}`);
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { level: 1 })).toHaveText('Receipt');
  const receiptNumber = (await receipt.getByTestId('receipt-number').innerText()).trim();
  expect(receiptNumber).toMatch(/^R-\d{9}$/);
  await expect(receipt).toContainText(free.name);
  const pdfLink = page.getByRole('link', { name: 'Download PDF' });
  await expect(pdfLink).toHaveAttribute('href', `/commerce-content/receipts/${freeOrderId}.pdf`);
  const receiptPdf = await page.request.get(`/commerce-content/receipts/${freeOrderId}.pdf`);
  expect(receiptPdf.ok()).toBe(true);
  expect((await PDFDocument.load(await receiptPdf.body())).getTitle()).toBe(`Receipt ${receiptNumber}`);
  await expectNoSeriousViolations(page);

  // An unpaid order has no receipt, and someone else's order does not exist here.
  await page.goto(`/user/purchase-history/receipts/${invoiceOrderId}`);
  await expect(page.getByRole('heading', { name: 'There is no receipt for this order' })).toBeVisible();
  await page.goto('/order-confirmation?order=1');
  await expect(page.getByRole('heading', { name: 'We could not find that order' })).toBeVisible();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a visitor gets the free report, takes it out and back, and downloads it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { free } = await catalog(request);
    const email = uniqueEmail('shop-phone');

    await buyAsNewVisitor(page, free, email, `Harbor Teen Lab ${Date.now().toString(36)}`);
    const form = checkout(page);
    await expect(form.getByTestId('cart-item')).toContainText(free.name);
    await expectNoSidewaysScroll(page);

    // Removing needs no confirmation: Undo puts the report back.
    await form.getByRole('button', { name: `Remove ${free.name} from your cart` }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(checkout(page).getByTestId('cart-item')).toContainText(free.name);

    // The cart emptied in another tab: the order is refused in words, above the button, and nothing changes.
    await fillBilling(page, checkout(page));
    const token = (
      (await (await page.request.get('/ecommerce/customer-token')).json()) as { data: { token: string } }
    ).data.token;
    const bearer = { Authorization: `Bearer ${token}` };
    const cart = await page.request.get('/commerce-content/rest/V1/carts/mine', { headers: bearer });
    const [line] = ((await cart.json()) as { items: Array<{ item_id: number }> }).items;
    expect(
      (
        await page.request.delete(`/commerce-content/rest/V1/carts/mine/items/${line!.item_id}`, {
          headers: bearer,
        })
      ).ok(),
    ).toBe(true);
    await checkout(page).getByRole('button', { name: 'Place order' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Your order was not placed' });
    await expect(refusal).toContainText(
      'The cart is empty. Add a report before you check out. Your cart is unchanged, so you can try again.',
    );
    await expect(page).toHaveURL('/cart');

    // Back from the report page, the order goes through.
    await buyAsMember(page, free);
    await fillBilling(page, checkout(page));
    await checkout(page).getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+$/);
    await expect(page.getByTestId('order-status').first()).toHaveText('Paid');
    await expectNoSidewaysScroll(page);

    const pdf = await downloadPdf(page, page.getByRole('region', { name: 'Your downloads' }), free);
    expect(pdf.getTitle()).toBe(free.name);

    await page.goto('/user/purchase-history');
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
  });
});
