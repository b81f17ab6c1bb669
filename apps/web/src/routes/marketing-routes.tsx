import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import { AboutUsPage } from '../features/marketing/components/about-us-page';
import { ArticlePage } from '../features/marketing/components/article-page';
import { ContactPage } from '../features/marketing/components/contact-page';
import { HomePage } from '../features/marketing/components/home-page';
import { LegalPage, LegalRoutePage } from '../features/marketing/components/legal-page';
import { ProductsPage } from '../features/marketing/components/products-page';
import { QualityPage } from '../features/marketing/components/quality-page';
import { ReportPage } from '../features/marketing/components/report-page';
import { ResearchPage } from '../features/marketing/components/research-page';
import { WhyUsPage } from '../features/marketing/components/why-us-page';
import { isLegalPageSlug } from '../features/marketing/content/legal-pages';
import { rootRoute } from './root';

// Marketing pages are the landing pages of most visits, so they ship in the main bundle.

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { layout: 'marketing', title: 'Teen research with consent built in' },
  component: HomePage,
});

export const whyUsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'why-us',
  staticData: { layout: 'marketing', title: 'Why TeenVoice' },
  component: WhyUsPage,
});

export const aboutUsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'about-us',
  staticData: { layout: 'marketing', title: 'About us' },
  component: AboutUsPage,
});

export const qualityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'quality',
  staticData: { layout: 'marketing', title: 'Data quality' },
  component: QualityPage,
});

export const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'contact',
  staticData: { layout: 'marketing', title: 'Contact us' },
  component: ContactPage,
});

export const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'products',
  staticData: { layout: 'marketing', title: 'Products' },
  component: ProductsPage,
});

export const researchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research',
  staticData: { layout: 'marketing', title: 'Research' },
  component: ResearchPage,
});

export const researchReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/reports/$report',
  staticData: { layout: 'marketing', title: 'Research report' },
  component: ReportPage,
});

export const researchArticleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/articles/$article',
  staticData: { layout: 'marketing', title: 'Research article' },
  component: ArticlePage,
});

export const commercialTermsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'legal/commercial-terms-and-conditions',
  staticData: { layout: 'marketing', title: 'Commercial terms and conditions' },
  component: () => <LegalPage slug="commercial-terms-and-conditions" />,
});

export const legalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'legal/$page',
  staticData: { layout: 'marketing', title: 'Legal', isValid: (params) => isLegalPageSlug(params.page) },
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
  legalRoute,
  styleTokensRoute,
  cartRoute,
] as const;
