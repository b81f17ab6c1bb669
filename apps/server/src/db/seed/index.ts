import builderCopy from '@tv/contract/copy/builder-copy.json';
import type { Config } from '../../config';
import { insertCopy, insertTermsVersion } from '../../modules/content/service';
import { createMediaStorage } from '../../modules/content/storage';
import { insertFeatureFlagIfMissing } from '../../modules/feature-flags/service';
import { upsertRedirects } from '../../modules/platform/service';
import type { Db } from '../client';
import { platformSettings } from '../schema/platform';
import { seedCommerce } from './commerce';
import { seedContent } from './content/index';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoSurveys } from './demo-surveys';
import { ensureSuperAdmin } from './super-admin';
import { CURRENT_TERMS, CURRENT_TERMS_VERSION } from './terms';

/**
 * What every database starts with: platform settings, redirects, terms, interface copy, the public site's
 * content and catalogue, the Super Admin from the environment, and outside production the demo
 * organisations, accounts, order and surveys. In production no demo account exists: the published demo
 * password would open it. Every insert skips rows that already exist, so running it again (every start
 * does) changes nothing.
 */
export async function seedDemoData(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'seedDemoSurveys' | 'dataDir' | 's3' | 'isProduction' | 'superAdmin'>,
): Promise<void> {
  await db.insert(platformSettings).values({ id: 1 }).onConflictDoNothing();
  // Third-party scripts stay off until a Super Admin switches them on.
  await insertFeatureFlagIfMissing(db, 'analytics_tag_manager', {});
  await insertFeatureFlagIfMissing(db, 'marketing_automation', {});
  await upsertRedirects(db, [
    // The spec's placeholder paths, each to the screen a visitor most likely wanted.
    { source: '/features', target: '/products', permanent: true },
    { source: '/insights', target: '/research', permanent: true },
    { source: '/research/reports/', target: '/research', permanent: true },
    { source: '/research/articles/', target: '/research', permanent: true },
    { source: '/research-survey-builder', target: '/research/builder', permanent: true },
    { source: '/reports/*', target: '/research/reports/*', permanent: true },
    { source: '/insights/*', target: '/research/articles/*', permanent: true },
    // An absolute target: the browser leaves the app and loads the page afresh.
    { source: '/press', target: `${config.publicUrl}/about-us`, permanent: false },
  ]);
  await insertTermsVersion(db, CURRENT_TERMS_VERSION, CURRENT_TERMS);
  await insertCopy(db, builderCopy);
  await ensureSuperAdmin(db, config.superAdmin);
  if (!config.isProduction) await seedDemoAccounts(db, CURRENT_TERMS_VERSION);
  // Always, not only with demo surveys: the public site's pages are built from this content.
  await seedContent(db, config);
  // The shop's categories, a product per report (PDFs drawn only when missing) and a past order.
  await seedCommerce(db, config, createMediaStorage(config));
  if (config.seedDemoSurveys && !config.isProduction) await seedDemoSurveys(db);
}
