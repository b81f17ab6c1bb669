import { litePagePatterns, pathMatcher } from './lite-pages';

/**
 * The public marketing pages (spec §1's marketing site: home, why-us, about-us, quality, contact,
 * products, research with its reports and articles and library, legal pages). They are the only pages
 * where the flagged third-party scripts (the tag manager and the marketing-automation form) may load,
 * and the only documents whose Content-Security-Policy may name those scripts' origins (decision 012,
 * revisited). Everything else never: sign-in and sign-up, the signed-in app (the builder, results,
 * account, admin), the cart and checkout, shared results, the respondent page (`/s/…`), the design
 * tokens page, the maintenance notice, and any address that is none of these (its 404 included).
 * `$name` stands for one address segment.
 */
export const marketingPagePatterns = [...litePagePatterns, '/contact'] as const;

/** True when this path (query string and hash not included) is a public marketing page. */
export const isMarketingPage = pathMatcher(marketingPagePatterns);
