import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-helpers';
import { registerAccount } from './identity-helpers';
import { accounts, apiAs, pageAs } from './respond-helpers';

// A buyer applies a coupon staff made and sees the discount in the cart's totals; a wrong code is
// said at the field.

const COMMERCE = '/commerce-content/rest/V1';

async function commerceToken(page: Page): Promise<string> {
  const response = await page.request.get('/ecommerce/customer-token');
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data.token as string;
}

test('a buyer applies a coupon in the cart and the totals show the discount', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const staff = await apiAs(baseURL!, accounts.admin);
  const created = await staff.post('/v2/admin/commerce/coupons', {
    data: { code, kind: 'percent', amount: 25 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await registerAccount(page.request, {
    email: `e2e-coupon-${Date.now().toString(36)}@example.test`,
    firstName: 'Casey',
    lastName: 'Coupon',
  });
  const catalog = await page.request.get(`${COMMERCE}/products-render-info`, {
    params: { storeId: 1, currencyCode: 'USD' },
  });
  const items = (await catalog.json()).items as Array<{
    is_salable: string;
    price_info: { final_price: number };
    extension_attributes: { sku: string };
  }>;
  const paid = items.find((item) => item.is_salable === '1' && item.price_info.final_price >= 1)!;
  const auth = { Authorization: `Bearer ${await commerceToken(page)}` };
  await page.request.post(`${COMMERCE}/carts/mine`, { headers: auth });
  const added = await page.request.post(`${COMMERCE}/carts/mine/items`, {
    headers: auth,
    data: { cartItem: { sku: paid.extension_attributes.sku, qty: 1 } },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto('/cart');
  const form = page.getByRole('form', { name: 'Checkout' });
  const field = form.getByRole('textbox', { name: 'Coupon code' });
  await field.fill('NOT-A-CODE');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText("The coupon code isn't valid. Verify the code and try again.")).toBeVisible();

  await field.fill(code.toLowerCase());
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByTestId('applied-coupon')).toContainText(code);
  const discount = (paid.price_info.final_price * 0.25).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
  });
  await expect(form.getByText(`Discount (${code})`)).toBeVisible();
  await expect(form.getByText(discount.replace('$', ''), { exact: false }).first()).toBeVisible();
  // The cart with a coupon applied, as a screen reader meets it.
  await expectNoSeriousViolations(page);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`staff's coupons screen has no serious or critical axe violations in ${scheme} mode`, async ({
    browser,
  }) => {
    const page = await pageAs(browser, accounts.admin);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/research/builder/admin/shop/coupons');
    await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.context().close();
  });
}
