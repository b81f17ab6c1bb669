import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createRoute } from '@tanstack/react-router';
import { type PageMeta, type ProductRenderInfo, slugSchema } from '@tv/contract';
import { lazyScreen } from '../app/lazy-screen';
import { termsQueryOptions, termsText } from '../features/auth/api/get-terms';
import { ContactLeadForm } from '../features/leads/components/contact-lead-form';
import { getArticleQueryOptions } from '../features/marketing/api/get-article';
import { getArticlesQueryOptions } from '../features/marketing/api/get-articles';
import { getFaqsQueryOptions } from '../features/marketing/api/get-faqs';
import { getLegalPageQueryOptions } from '../features/marketing/api/get-legal-page';
import { getLibraryItemsQueryOptions } from '../features/marketing/api/get-library-items';
import { getReportQueryOptions } from '../features/marketing/api/get-report';
import { getReportsQueryOptions } from '../features/marketing/api/get-reports';
import { getSellerQueryOptions } from '../features/marketing/api/get-seller';
import { getTestimonialsQueryOptions } from '../features/marketing/api/get-testimonials';
import { AboutUsPage } from '../features/marketing/components/about-us-page';
import { ArticlePage, relatedArticlesQueryOptions } from '../features/marketing/components/article-page';
import { ContactPage } from '../features/marketing/components/contact-page';
import { HomePage } from '../features/marketing/components/home-page';
import { LegalPage, PlainTextLegalPage } from '../features/marketing/components/legal-page';
import { ProductsPage } from '../features/marketing/components/products-page';
import { QualityPage } from '../features/marketing/components/quality-page';
import {
  ReportPage,
  relatedReportsQueryOptions,
  reportProductQueryOptions,
} from '../features/marketing/components/report-page';
import { ResearchPage } from '../features/marketing/components/research-page';
import {
  ContentPageSkeleton,
  ResearchPageSkeleton,
} from '../features/marketing/components/research-skeletons';
import { WhyUsPage } from '../features/marketing/components/why-us-page';
import {
  articleMeta,
  reportMeta,
  reportStructuredData,
  staticPageMeta,
} from '../features/marketing/utils/page-meta';
import { parseResearchSearch } from '../features/marketing/utils/research-search';
import { pageNotFoundError } from '../lib/http-error';
import { formatTermsDate } from '../lib/terms-date';
import { rootRoute } from './root';

// Marketing pages are the landing pages of most visits, so they ship in the main bundle. Every public
// page's loader fills the query cache its screen reads and returns the page's head tags (`meta`), so
// the server renders the whole page from the same code a client navigation runs.

/** An address part that cannot be a slug (a NUL byte, spaces, capitals) names no page: a 404 before any call. */
const isSlug = (value: string | undefined) => slugSchema.safeParse(value).success;

const staticLoader = (meta: PageMeta) => async () => ({ meta });

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { layout: 'marketing', title: 'Teen research with consent built in' },
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(getFaqsQueryOptions('home')),
      context.queryClient.ensureQueryData(getTestimonialsQueryOptions()),
    ]);
    return { meta: staticPageMeta.index };
  },
  component: HomePage,
});

export const whyUsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'why-us',
  staticData: { layout: 'marketing', title: 'Why TeenVoice' },
  loader: staticLoader(staticPageMeta.whyUs),
  component: WhyUsPage,
});

export const aboutUsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'about-us',
  staticData: { layout: 'marketing', title: 'About us' },
  loader: staticLoader(staticPageMeta.aboutUs),
  component: AboutUsPage,
});

export const qualityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'quality',
  staticData: { layout: 'marketing', title: 'Data quality' },
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(getFaqsQueryOptions('quality'));
    return { meta: staticPageMeta.quality };
  },
  component: QualityPage,
});

export const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'contact',
  staticData: { layout: 'marketing', title: 'Contact us' },
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(getFaqsQueryOptions('contact')),
      // The sales address the receipts give; the page falls back to the default if it cannot load.
      context.queryClient.prefetchQuery(getSellerQueryOptions()),
    ]);
    return { meta: staticPageMeta.contact };
  },
  component: () => <ContactPage form={<ContactLeadForm />} />,
});

export const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'products',
  staticData: { layout: 'marketing', title: 'Products' },
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(getFaqsQueryOptions('products'));
    return { meta: staticPageMeta.products };
  },
  component: ProductsPage,
});

export const researchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research',
  staticData: { layout: 'marketing', title: 'Research' },
  validateSearch: parseResearchSearch,
  loaderDeps: ({ search }) => ({ theme: search.theme, tag: search.tag, q: search.q }),
  loader: async ({ context, deps }) => {
    const { queryClient } = context;
    await Promise.all([
      queryClient.ensureQueryData(getArticlesQueryOptions(deps)),
      queryClient.ensureQueryData(getReportsQueryOptions(deps)),
      // The unfiltered lists give the tag filter every tag in use.
      queryClient.ensureQueryData(getArticlesQueryOptions()),
      queryClient.ensureQueryData(getReportsQueryOptions()),
      queryClient.ensureQueryData(getLibraryItemsQueryOptions()),
      queryClient.ensureQueryData(getFaqsQueryOptions('research')),
    ]);
    return { meta: staticPageMeta.research };
  },
  pendingComponent: ResearchPageSkeleton,
  component: ResearchPage,
});

export const researchReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/reports/$report',
  staticData: { layout: 'marketing', title: 'Research report', isValid: (params) => isSlug(params.report) },
  loader: async ({ context, params, location }) => {
    const report = await context.queryClient.ensureQueryData(getReportQueryOptions(params.report));
    // An unknown slug fails the route's validity check (spec §2): the 'Page Not Found: {path}' 404.
    if (!report) throw pageNotFoundError(location.pathname);
    await Promise.all([
      context.queryClient.ensureQueryData(relatedReportsQueryOptions(report.attributes.theme)),
      // The price: a failure leaves the page to show 'Price unavailable' and its Try again button.
      context.queryClient.prefetchQuery(reportProductQueryOptions(params.report)),
    ]);
    const product = context.queryClient.getQueryData<ProductRenderInfo | null>(
      reportProductQueryOptions(params.report).queryKey,
    );
    return { meta: { ...reportMeta(report), structuredData: reportStructuredData(report, product) } };
  },
  pendingComponent: ContentPageSkeleton,
  component: ReportPage,
});

export const researchArticleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/articles/$article',
  staticData: { layout: 'marketing', title: 'Research article', isValid: (params) => isSlug(params.article) },
  loader: async ({ context, params, location }) => {
    const article = await context.queryClient.ensureQueryData(getArticleQueryOptions(params.article));
    if (!article) throw pageNotFoundError(location.pathname);
    await context.queryClient.ensureQueryData(relatedArticlesQueryOptions(article.attributes.theme));
    return { meta: articleMeta(article) };
  },
  pendingComponent: ContentPageSkeleton,
  component: ArticlePage,
});

/** A legal page entry of the content service; an unknown slug is the 'Page Not Found: {path}' 404. */
async function loadLegalPage(context: { queryClient: QueryClient }, slug: string, pathname: string) {
  const page = await context.queryClient.ensureQueryData(getLegalPageQueryOptions(slug));
  if (!page) throw pageNotFoundError(pathname);
  const meta: PageMeta = {
    title: page.attributes.title,
    description: page.attributes.seoDescription || page.attributes.summary || page.attributes.title,
  };
  return { meta };
}

const commercialTermsSlug = 'commercial-terms-and-conditions';

export const commercialTermsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: `legal/${commercialTermsSlug}`,
  staticData: { layout: 'marketing', title: 'Commercial terms and conditions' },
  loader: ({ context, location }) => loadLegalPage(context, commercialTermsSlug, location.pathname),
  pendingComponent: ContentPageSkeleton,
  component: () => <LegalPage slug={commercialTermsSlug} />,
});

function TermsOfUsePage() {
  const { data: terms } = useSuspenseQuery(termsQueryOptions());
  return (
    <PlainTextLegalPage
      fallbackTitle="TeenVoice Terms and Conditions"
      summary="The terms that apply to every TeenVoice account, survey and purchase. They are the terms you accept when you create an account."
      text={termsText(terms)}
      effectiveDate={formatTermsDate(terms.versionTimestamp)}
    />
  );
}

/** The terms of use are the terms and conditions sign-up accepts (spec §3), not a legal page entry. */
export const termsOfUseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'legal/terms-of-use',
  staticData: { layout: 'marketing', title: 'Terms and conditions' },
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(termsQueryOptions());
    return { meta: staticPageMeta.termsOfUse };
  },
  pendingComponent: ContentPageSkeleton,
  component: TermsOfUsePage,
});

function LegalRoutePage() {
  const { page } = legalRoute.useParams();
  return <LegalPage slug={page} />;
}

export const legalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'legal/$page',
  staticData: { layout: 'marketing', title: 'Legal', isValid: (params) => isSlug(params.page) },
  loader: ({ context, params, location }) => loadLegalPage(context, params.page, location.pathname),
  pendingComponent: ContentPageSkeleton,
  component: LegalRoutePage,
});

export const styleTokensRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'style-tokens',
  staticData: { layout: 'marketing', title: 'Design tokens' },
  component: lazyScreen(
    () => import('../features/design-system/components/style-tokens-page'),
    'StyleTokensPage',
  ),
});

export const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cart',
  staticData: { layout: 'marketing', title: 'Your cart', middleware: ['softregister'] },
  component: lazyScreen(() => import('../features/shop/components/cart-screen'), 'CartScreen'),
});

export const marketingRoutes = [
  indexRoute,
  whyUsRoute,
  aboutUsRoute,
  qualityRoute,
  contactRoute,
  productsRoute,
  researchRoute,
  researchReportRoute,
  researchArticleRoute,
  commercialTermsRoute,
  termsOfUseRoute,
  legalRoute,
  styleTokensRoute,
  cartRoute,
] as const;
