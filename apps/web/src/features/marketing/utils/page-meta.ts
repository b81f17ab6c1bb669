import type { PageMeta, ProductRenderInfo, PublicArticle, PublicReport, StrapiEntry } from '@tv/contract';

const publisher = { '@type': 'Organization', name: 'TeenVoice', url: '/' };

/**
 * A report as a schema.org Product with its Offer: the storefront's price and availability when it
 * answered, else the report's list price. Root-relative URLs are made absolute by the server.
 */
export function reportStructuredData(
  report: StrapiEntry<PublicReport>,
  product: ProductRenderInfo | null | undefined,
): Record<string, unknown> {
  const { attributes } = report;
  const url = `/research/reports/${attributes.slug}`;
  const image = attributes.cover?.data?.attributes.url;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: attributes.title,
    description: attributes.summary,
    sku: attributes.sku,
    url,
    ...(image ? { image } : {}),
    brand: { '@type': 'Brand', name: 'TeenVoice' },
    offers: {
      '@type': 'Offer',
      price: (product?.price_info.final_price ?? attributes.listPrice).toFixed(2),
      priceCurrency: product?.currency_code ?? 'USD',
      availability:
        product && product.is_salable !== '1'
          ? 'https://schema.org/OutOfStock'
          : 'https://schema.org/InStock',
      url,
    },
  };
}

/** An article as a schema.org Article: headline, dates, author, publisher and image. */
export function articleStructuredData({ attributes }: StrapiEntry<PublicArticle>): Record<string, unknown> {
  const image = attributes.cover?.data?.attributes.url;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: attributes.title,
    description: attributes.summary,
    url: `/research/articles/${attributes.slug}`,
    ...(image ? { image } : {}),
    ...(attributes.publishedAt ? { datePublished: attributes.publishedAt } : {}),
    dateModified: attributes.updatedAt,
    author: { '@type': 'Person', name: attributes.author.name },
    publisher,
  };
}

/** Head tags of a report: its SEO texts when editors wrote them, else its title and summary. */
export const reportMeta = ({ attributes }: StrapiEntry<PublicReport>): PageMeta => ({
  title: attributes.seoTitle || attributes.title,
  description: attributes.seoDescription || attributes.summary,
  ...(attributes.cover?.data?.attributes.url ? { image: attributes.cover.data.attributes.url } : {}),
  type: 'article',
});

export const articleMeta = (article: StrapiEntry<PublicArticle>): PageMeta => {
  const { attributes } = article;
  return {
    title: attributes.seoTitle || attributes.title,
    description: attributes.seoDescription || attributes.summary,
    ...(attributes.cover?.data?.attributes.url ? { image: attributes.cover.data.attributes.url } : {}),
    type: 'article',
    structuredData: articleStructuredData(article),
  };
};

/** The fixed marketing pages: what a search result or a shared link says about each. */
export const staticPageMeta = {
  index: {
    title: 'Teen research with consent built in',
    description:
      'TeenVoice is the research platform organizations use to survey 13–19 year-olds across the US, with parental consent, teen assent and safeguarding built into every study.',
  },
  whyUs: {
    title: 'Why TeenVoice',
    description:
      'Verified teen audiences, moderation before launch and safeguarding on every open answer: why research teams choose TeenVoice for studies with young people.',
  },
  aboutUs: {
    title: 'About us',
    description:
      'We are researchers, safeguarding specialists and engineers who help organizations hear what America’s teenagers think, safely.',
  },
  quality: {
    title: 'Data quality',
    description:
      'How TeenVoice keeps answers trustworthy: age-verified panel members, attention checks, moderation and results that never single anyone out.',
  },
  contact: {
    title: 'Contact us',
    description: 'Talk to the TeenVoice team about a study, a research report or a partnership.',
  },
  products: {
    title: 'Products',
    description:
      'Long form surveys, pulse checks, custom studies and research reports: the ways to hear from US teenagers with TeenVoice.',
  },
  research: {
    title: 'Research',
    description:
      'Reports and articles from TeenVoice’s nationwide studies of 13–19 year-olds: digital life, wellbeing, money, learning, brands and civic life.',
  },
  termsOfUse: {
    title: 'Terms and conditions',
    description: 'The terms and conditions that apply to every TeenVoice account and survey.',
  },
} satisfies Record<string, PageMeta>;
