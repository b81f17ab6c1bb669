import type { PageMeta, PublicArticle, PublicReport, StrapiEntry } from '@tv/contract';

/** Head tags of a report: its SEO texts when editors wrote them, else its title and summary. */
export const reportMeta = ({ attributes }: StrapiEntry<PublicReport>): PageMeta => ({
  title: attributes.seoTitle || attributes.title,
  description: attributes.seoDescription || attributes.summary,
  ...(attributes.cover?.data?.attributes.url ? { image: attributes.cover.data.attributes.url } : {}),
  type: 'article',
});

export const articleMeta = ({ attributes }: StrapiEntry<PublicArticle>): PageMeta => ({
  title: attributes.seoTitle || attributes.title,
  description: attributes.seoDescription || attributes.summary,
  ...(attributes.cover?.data?.attributes.url ? { image: attributes.cover.data.attributes.url } : {}),
  type: 'article',
});

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
