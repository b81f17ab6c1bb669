import { expect, request, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-helpers';
import { DEMO_PASSWORD, demo, registerAccount, signInApi, uniqueEmail } from './identity-helpers';

const shopPath = '/research/builder/admin/shop';
const magento = '/commerce-content/rest/V1';
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000010000000080806000000b8adee6a0000000049454e44ae426082',
  'hex',
);

interface ShopFixture {
  sku: string;
  productId: number;
  orderId: number;
  incrementId: string;
}

/**
 * A product of this run (so no other spec's prices change) put on sale through the staff API, and an
 * invoice order for it placed through the customer API by a new account: nothing is written around
 * the server.
 */
async function prepareShop(baseURL: string): Promise<ShopFixture> {
  const suffix = Date.now().toString(36).toUpperCase();
  const sku = `TV-E2E-${suffix}`;
  const staff = await request.newContext({ baseURL });
  await signInApi(staff, demo.platformAdmin);
  const created = await staff.post('/v2/admin/commerce/products', {
    data: {
      sku,
      name: `Teens and Saving ${suffix}`,
      price: 120,
      categoryId: null,
      contentEntryId: null,
      onSale: false,
      numberOfDownloads: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = (await created.json()).data.id as number;
  const uploaded = await staff.put(`/v2/admin/commerce/products/${productId}/file`, {
    multipart: { file: { name: 'teens-and-saving.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const product = (await uploaded.json()).data;
  const onSale = await staff.put(`/v2/admin/commerce/products/${productId}`, {
    data: {
      sku,
      name: product.name,
      price: 120,
      categoryId: null,
      contentEntryId: null,
      onSale: true,
      numberOfDownloads: 5,
      version: product.version,
    },
  });
  expect(onSale.ok(), await onSale.text()).toBe(true);

  const buyer = await request.newContext({ baseURL });
  const email = uniqueEmail('shop-buyer');
  await registerAccount(buyer, { email, firstName: 'Rowan', lastName: 'Ellis' });
  const token = (await (await buyer.get('/ecommerce/customer-token')).json()).data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  expect((await buyer.post(`${magento}/carts/mine`, { headers })).ok()).toBe(true);
  const added = await buyer.post(`${magento}/carts/mine/items`, {
    headers,
    data: { cartItem: { sku, qty: 1 } },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await buyer.post(`${magento}/carts/mine/payment-information`, {
    headers,
    data: {
      paymentMethod: { method: 'purchaseorder', po_number: `PO-${suffix}` },
      billing_address: {
        company: 'Riverbend School District',
        firstname: 'Rowan',
        lastname: 'Ellis',
        email,
        street: ['500 Harbor Way'],
        city: 'Oakland',
        region_code: 'CA',
        postcode: '94607',
        country_id: 'US',
      },
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = (await placed.json()) as number;
  const order = await staff.get(`/v2/admin/commerce/orders/${orderId}`);
  const incrementId = (await order.json()).data.incrementId as string;
  await staff.dispose();
  await buyer.dispose();
  return { sku, productId, orderId, incrementId };
}

let shop: ShopFixture;

test.beforeAll(async ({ baseURL }) => {
  shop = await prepareShop(baseURL!);
});

test('staff edit a product: a new price, a refused image, then the PDF', async ({ page }) => {
  await signInApi(page.request, demo.platformAdmin);
  await page.goto(`${shopPath}/products`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
  const row = page.getByTestId('product-row').filter({ hasText: shop.sku });
  await expect(row).toContainText('$120.00');
  await expect(row).toContainText('On sale');
  await expectNoSeriousViolations(page);

  await row.getByRole('button', { name: `Edit ${shop.sku}` }).click();
  const drawer = page.getByRole('dialog', { name: `Edit ${shop.sku}` });
  await expect(drawer).toBeVisible();
  const price = drawer.getByRole('textbox', { name: 'Price' });
  await price.fill('149.50');
  await drawer.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is saved and on sale.' })).toBeVisible();
  await expect(row).toContainText('$149.50');

  // The server reads the bytes: an image named .pdf is refused, in words, and nothing changes.
  const reportFile = drawer.getByRole('group', { name: 'Report PDF' });
  await reportFile.locator('input[type=file]').setInputFiles({
    name: 'chart.pdf',
    mimeType: 'application/pdf',
    buffer: png,
  });
  await expect(reportFile.getByRole('alert')).toContainText('Only PDF files can be uploaded here.');
  await reportFile.locator('input[type=file]').setInputFiles({
    name: 'Teens and Saving (final).pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([pdf, Buffer.from('% final\n')]),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'The report PDF is uploaded.' })).toBeVisible();
  await expect(reportFile).toContainText('teens-and-saving-final.pdf');
  // Saving after the upload uses the upload's version: no conflict.
  await price.fill('150');
  await drawer.getByRole('button', { name: 'Save product' }).click();
  await expect(row).toContainText('$150.00');
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();
});

test('staff create a product, and a save someone else beat loads theirs instead of overwriting it', async ({
  page,
}) => {
  const sku = `TV-E2E-NEW-${Date.now().toString(36).toUpperCase()}`;
  await signInApi(page.request, demo.platformAdmin);
  await page.goto(`${shopPath}/products`);
  await page.getByRole('button', { name: 'New product' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'New product' });
  await drawer.getByRole('button', { name: 'Create product' }).click();
  await expect(drawer.getByText('A SKU is 3 to 64 capital letters')).toBeVisible();
  await expect(drawer.getByText('Enter a price in dollars, for example 495 or 0 for free.')).toBeVisible();

  await drawer.getByRole('textbox', { name: 'SKU' }).fill(sku.toLowerCase());
  await drawer.getByRole('textbox', { name: 'Name' }).fill('Teens and Part-Time Work');
  await drawer.getByRole('textbox', { name: 'Price' }).fill('75');
  // On sale before a PDF exists is refused at the switch.
  await drawer.getByRole('switch', { name: 'On sale' }).check({ force: true });
  await drawer.getByRole('button', { name: 'Create product' }).click();
  await expect(drawer.getByText('Upload the report file before putting it on sale.')).toBeVisible();
  await drawer.getByRole('switch', { name: 'On sale' }).uncheck({ force: true });
  await drawer.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Now upload its PDF' })).toBeVisible();
  const editor = page.getByRole('dialog', { name: `Edit ${sku}` });
  await expect(editor.getByRole('group', { name: 'Report PDF' })).toBeVisible();
  const row = page.getByTestId('product-row').filter({ hasText: sku });
  await expect(row).toContainText('$75.00');
  await expect(row).toContainText('No file');

  // Someone else saves the product meanwhile.
  const products = (await (await page.request.get('/v2/admin/commerce/products')).json()).data as {
    id: number;
    sku: string;
    version: number;
  }[];
  const saved = products.find((product) => product.sku === sku)!;
  const theirs = await page.request.put(`/v2/admin/commerce/products/${saved.id}`, {
    data: {
      sku,
      name: 'Teens and Part-Time Work 2026',
      price: 80,
      categoryId: null,
      contentEntryId: null,
      onSale: false,
      numberOfDownloads: 10,
      version: saved.version,
    },
  });
  expect(theirs.ok()).toBe(true);

  await editor.getByRole('textbox', { name: 'Price' }).fill('70');
  await editor.getByRole('button', { name: 'Save product' }).click();
  await expect(
    editor.getByText('This product was changed by someone else. Reload it and try again.'),
  ).toBeVisible();
  await editor.getByRole('button', { name: 'Load the latest version' }).click();
  await expect(editor.getByRole('textbox', { name: 'Name' })).toHaveValue('Teens and Part-Time Work 2026');
  await expect(editor.getByRole('textbox', { name: 'Price' })).toHaveValue('$80.00');
  await editor.getByRole('textbox', { name: 'Price' }).fill('70');
  await editor.getByRole('button', { name: 'Save product' }).click();
  await expect(row).toContainText('$70.00');

  // Unsaved edits are not dropped silently.
  await editor.getByRole('textbox', { name: 'Price' }).fill('71');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(editor).toBeHidden();
  await expect(row).toContainText('$70.00');
});

test('staff find an invoice, mark it paid, then refund it with a reason', async ({ page }) => {
  await signInApi(page.request, demo.platformAdmin);
  await page.goto(`${shopPath}/orders`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('textbox', { name: 'Search orders' }).fill(shop.incrementId);
  await expect(page).toHaveURL(new RegExp(`q=${shop.incrementId}`));
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Rowan Ellis');
  await expect(rows).toContainText('Awaiting payment');
  await rows.getByRole('link', { name: `Order ${shop.incrementId}` }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${shop.incrementId}`);
  await expect(page.getByTestId('order-state')).toHaveText('Awaiting payment');
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Mark paid' }).click();
  const confirm = page.getByRole('dialog', { name: `Mark order #${shop.incrementId} paid?` });
  await confirm.getByRole('button', { name: 'Mark paid' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('order-state')).toHaveText('Paid');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('by Marcus Bell');
  await expect(page.getByRole('region', { name: 'Downloads' })).toContainText('Available');
  await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: `Refund order #${shop.incrementId}?` });
  await refund.getByRole('button', { name: 'Refund $120.00' }).click();
  await expect(refund.getByText('Say why the order is refunded, in at least 3 characters.')).toBeVisible();
  await refund.getByRole('textbox', { name: 'Reason' }).fill('The school bought it twice');
  await refund.getByRole('button', { name: 'Refund $120.00' }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByTestId('order-state')).toHaveText('Refunded');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('The school bought it twice');
  await expect(page.getByRole('region', { name: 'Downloads' })).toContainText('Stopped');
  // Staff never see a download secret.
  expect(await page.content()).not.toMatch(/[0-9a-f]{64}/);
});

test("staff open the Northside Youth Trust's past order from the seed", async ({ page }) => {
  await signInApi(page.request, demo.platformAdmin);
  const list = await page.request.get('/v2/admin/commerce/orders', {
    params: { q: 'Northside Youth Trust', status: 'complete', pageSize: 100 },
  });
  const items = (await list.json()).data.items as { id: number; incrementId: string; createdAt: string }[];
  const seeded = items.sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
  expect(seeded, 'the seed places a paid order for the Northside Youth Trust').toBeDefined();

  await page.goto(`${shopPath}/orders`);
  await page.getByRole('textbox', { name: 'Search orders' }).fill('Northside Youth Trust');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await expect(page).toHaveURL(/state=complete/);
  await page.getByRole('link', { name: `Order ${seeded!.incrementId}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${seeded!.incrementId}`);
  await expect(page.getByTestId('order-state')).toHaveText('Paid');
  await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Northside Youth Trust');
  await expect(page.getByRole('region', { name: 'Reports' })).toContainText('Grand total');
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();
});

test('sales show totals, a chart of the last 12 months and revenue by report', async ({ page }) => {
  await signInApi(page.request, demo.platformAdmin);
  await page.goto(`${shopPath}/sales`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sales');
  const chart = page.getByRole('img', { name: /^Revenue by month, last 12 months/ });
  await expect(chart).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Revenue by month, last 12 months' }).getByRole('row'),
  ).toHaveCount(13);
  await expect(page.getByTestId('sales-total').first()).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('sales-report-row').first()).toBeVisible();
  await expectNoSeriousViolations(page);

  // A phone: the chart fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(chart).toBeVisible();
  const box = await chart.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
});

test('the moderator has no shop: the screens are not there for them', async ({ page }) => {
  const response = await page.request.post('/v2/login', {
    data: { email: demo.moderator, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  await page.goto(`${shopPath}/products`);
  await expect(page).toHaveTitle(`404 - Page Not Found: ${shopPath}/products`);
  expect((await page.request.get('/v2/admin/commerce/products')).status()).toBe(403);
});
