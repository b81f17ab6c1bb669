import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { accounts, pageAs, unique } from './respond-helpers';

// Issue 25: a library that delivers, selling pages, the leads screen and menus by permission.
const report = 'always-on-teens-phones-and-sleep-2026';
const gatedGuide = 'A guide to writing surveys for 13–19 year-olds';

async function readPdf(download: Download) {
  const path = await download.path();
  expect(path).toBeTruthy();
  const bytes = await readFile(path!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return PDFDocument.load(bytes);
}

const feedCount = async (page: Page) =>
  Number((await page.getByTestId('research-count').innerText()).replace(/\D/g, ''));

test('the first click on a theme filter of a fresh /research filters the list', async ({ page }) => {
  await page.goto('/research');
  const total = await feedCount(page);
  const chip = page.getByRole('group', { name: 'Filter by theme' }).getByText('Money and work');
  // As a person does: the pointer has passed over a button, which downloads the app, and the chip
  // takes focus on mousedown, which starts it; the click that lands while it hydrates must count.
  await page.getByRole('button', { name: /^Show more research/ }).hover();
  await page.waitForFunction(() => typeof (window as { __tvStartApp?: unknown }).__tvStartApp === 'function');
  await chip.click();
  await expect(page).toHaveURL(/[?&]theme=money-and-work/);
  await expect.poll(() => feedCount(page)).toBeLessThan(total);
  await expect(page.getByRole('radio', { name: 'Money and work' })).toBeChecked();
});

test('a gated guide: the form gives the PDF at once, and the lead is in the leads screen', async ({
  page,
  browser,
}) => {
  // A visitor's form and download, then a staff sign-in and the leads screen: over 45 s on a loaded machine.
  test.slow();
  const email = `${unique('reader').replace(/\W+/g, '-').toLowerCase()}@riverbend.example`;
  await page.goto('/research#library');
  await page.getByRole('button', { name: `Get the guide: ${gatedGuide}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Get the guide' });
  await dialog.getByLabel('Company name').fill('Riverbend Health');
  await dialog.getByLabel('First name').fill('Dana');
  await dialog.getByLabel('Last name').fill('Whitfield');
  await dialog.getByLabel('Work email').fill(email);
  await dialog.getByRole('combobox', { name: 'State' }).fill('Ohio');
  await page.getByRole('option', { name: 'Ohio', exact: true }).click();
  await dialog.getByRole('button', { name: 'Get it now' }).click();
  await expect(dialog.getByText('Your download is ready', { exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Get the guide' }).click();
  const pdf = await readPdf(await downloading);
  expect(pdf.getTitle()).toBe(gatedGuide);

  const admin = await pageAs(browser, accounts.admin);
  await admin.goto('/research/builder/admin/leads');
  await admin.getByLabel('Search').fill(email);
  const open = admin.getByRole('button', { name: 'Open the lead from Dana Whitfield' });
  await expect(open).toHaveCount(1);
  await expect(admin.getByRole('cell', { name: `Library item: ${gatedGuide}` })).toBeVisible();
  await open.click();
  const detail = admin.getByRole('dialog', { name: 'Dana Whitfield' });
  await expect(detail.getByText(`Library item: ${gatedGuide}`)).toBeVisible();
  await expect(detail.getByRole('link', { name: email })).toBeVisible();
  await admin.context().close();
});

test.describe('a report page on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('shows the price and Buy in the first screen, reachable by keyboard, above the footer', async ({
    page,
  }) => {
    await page.goto(`/research/reports/${report}`);
    const bar = page.getByRole('complementary', { name: 'Price and buy' });
    const price = bar.getByTestId('buy-bar-price');
    const buy = bar.getByRole('button', { name: 'Buy report' });
    await expect(price).toHaveText(/^\$\d/);
    for (const element of [price, buy]) {
      const box = await element.boundingBox();
      expect(box, 'in the first screen').not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(740);
      expect(box!.y).toBeGreaterThanOrEqual(0);
    }
    await buy.focus();
    await expect(buy).toBeFocused();
    // At the end of the page the bar has stopped above the footer: its links are not covered.
    await page.keyboard.press('End');
    const footerLink = page.getByRole('contentinfo').getByRole('link').last();
    await footerLink.scrollIntoViewIfNeeded();
    const [barBox, linkBox] = [await bar.boundingBox(), await footerLink.boundingBox()];
    expect(barBox!.y + barBox!.height <= linkBox!.y || barBox!.y >= linkBox!.y + linkBox!.height).toBe(true);
  });
});

test('a report page offers its free sample as a PDF', async ({ page }) => {
  await page.goto(`/research/reports/${report}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Free sample (PDF)' }).click();
  const pdf = await readPdf(await downloading);
  expect(pdf.getTitle()).toMatch(/free sample/i);
});

test('a Platform Admin’s menu holds only screens that open, and no Feature flags', async ({ browser }) => {
  // Opens every staff screen of the menu in turn: longer than one screen's test on a loaded machine.
  test.slow();
  const page = await pageAs(browser, accounts.admin);
  await page.goto('/research/builder/admin/surveys');
  await page.getByRole('button', { name: /^Account menu for / }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Leads' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Feature flags' })).toHaveCount(0);
  const hrefs = await menu
    .getByRole('menuitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('href')).filter(Boolean) as string[]);
  await page.keyboard.press('Escape');
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(/You don.t have permission/)).toHaveCount(0);
    await expect(page.getByText(/Page Not Found/)).toHaveCount(0);
  }
  await page.context().close();
});
