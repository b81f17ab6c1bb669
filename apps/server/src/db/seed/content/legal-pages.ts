import type { LegalPageAttributes } from '@tv/contract';

/**
 * The legal pages of the public site (`/legal/{slug}`). The terms of use are not here: they are the
 * terms-and-conditions type (`terms_versions`, seeded from ../terms.ts), the one document sign-up shows.
 */
interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

interface LegalDocument {
  slug: string;
  title: string;
  summary: string;
  effectiveDate: string;
  sections: readonly LegalSection[];
}

const documents: LegalDocument[] = [
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    summary:
      'How TeenVoice collects, uses and protects personal information about the organizations that use the platform and the young people who answer surveys.',
    effectiveDate: '2026-09-01',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          'TeenVoice operates a research platform that lets organizations survey young people aged 13 to 19. For the accounts of our customers we decide how personal information is used; for survey answers we process information on behalf of the organization that ran the survey, under our agreement with them.',
        ],
      },
      {
        heading: 'What we collect',
        paragraphs: [
          'For customer accounts: your name, work email address, organization, role, and records of purchases and support requests.',
          'For panel members: date of birth, state of residence and the consent records of a parent or guardian for under-18s. Survey answers are stored separately from these details and are never shared with customers in a form that identifies a young person.',
          'For everyone: technical information such as browser type and pages visited, used to keep the service secure and working.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'We use personal information to provide the service, to verify ages and consent, to keep young people safe, to meet our legal obligations and, where you agreed, to send you news about our research.',
          'We never sell personal information, and we never use survey answers from young people for advertising.',
        ],
      },
      {
        heading: 'Your rights and choices',
        paragraphs: [
          'You can ask for a copy of your information, ask us to correct or delete it, and withdraw marketing consent at any time from your profile or by emailing support. Parents and guardians can withdraw consent for a child at any time, and their child’s panel membership ends immediately.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'Account information is kept while your account is open and for as long afterwards as the law requires. Survey answers are kept for the period agreed with the organization that ran the survey, then deleted or fully anonymized.',
        ],
      },
    ],
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie policy',
    summary: 'Which cookies and similar technologies TeenVoice uses, and how you can control them.',
    effectiveDate: '2026-09-01',
    sections: [
      {
        heading: 'Essential cookies',
        paragraphs: [
          'These keep you signed in, protect your account and remember settings such as your color mode. The service cannot work without them, so they cannot be switched off.',
        ],
      },
      {
        heading: 'Analytics cookies',
        paragraphs: [
          'With your consent, we measure how visitors use our website so that we can improve it. These cookies are never set on pages that teen respondents use to answer surveys.',
        ],
      },
      {
        heading: 'Marketing cookies',
        paragraphs: [
          'With your consent, we record which advertising campaign brought an organization to our website, for up to 28 days, so we know which campaigns are worth running.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can change your consent at any time from the cookie banner, and you can delete cookies from your browser settings. Removing essential cookies will sign you out.',
        ],
      },
    ],
  },
  {
    slug: 'safeguarding-policy',
    title: 'Safeguarding policy',
    summary: 'How TeenVoice protects the young people who take part in research on our platform.',
    effectiveDate: '2026-09-01',
    sections: [
      {
        heading: 'Our commitment',
        paragraphs: [
          'The wellbeing of young people comes before any research objective. Everyone who works at TeenVoice completes safeguarding training, and a designated safeguarding lead oversees this policy.',
        ],
      },
      {
        heading: 'Consent and assent',
        paragraphs: [
          'Panel members under 18 join with the consent of a parent or guardian. Every survey opens with an assent screen, written for young people, that explains what the survey is about and that they can stop at any time.',
        ],
      },
      {
        heading: 'Screening for risk',
        paragraphs: [
          'Open answers are scanned as they arrive for signs that a young person may be at risk of harm. A flagged answer is shown to the respondent with help resources and is reviewed by trained staff, who follow our escalation procedure.',
        ],
      },
      {
        heading: 'Raising a concern',
        paragraphs: [
          'Anyone can raise a concern with our safeguarding lead at <a href="mailto:safeguarding@teenvoice.com">safeguarding@teenvoice.com</a>. If a young person is in immediate danger, call 911.',
        ],
      },
    ],
  },
  {
    slug: 'commercial-terms-and-conditions',
    title: 'Commercial terms and conditions',
    summary:
      'The terms that apply when an organization buys surveys, studies or research reports from TeenVoice.',
    effectiveDate: '2026-09-01',
    sections: [
      {
        heading: 'Orders and prices',
        paragraphs: [
          'Prices are shown in US dollars before you submit a survey or complete a purchase. A survey order is confirmed when our moderators approve it; a report order is confirmed when payment succeeds.',
        ],
      },
      {
        heading: 'Delivery',
        paragraphs: [
          'Survey results are delivered in the platform as answers arrive and in full once fieldwork closes. Research reports can be downloaded immediately after purchase and remain available from your purchase history.',
        ],
      },
      {
        heading: 'Changes and cancellations',
        paragraphs: [
          'You can change or withdraw a survey without charge until it goes live. Once fieldwork starts, you pay for the responses collected. Digital reports cannot be returned once downloaded, unless they are faulty.',
        ],
      },
      {
        heading: 'License to use reports',
        paragraphs: [
          'Purchased reports may be used within your organization and quoted publicly with attribution to TeenVoice. They may not be resold or republished in full.',
        ],
      },
      {
        heading: 'Invoicing and payment',
        paragraphs: [
          'You pay by invoice, or by card where checkout offers it. A card payment is taken at purchase, on Stripe’s secure payment page. An invoice is emailed when the order is placed and is due within 30 days of the invoice date; the reports can be downloaded once it is paid.',
        ],
      },
    ],
  },
];

/** The paragraphs are our own copy written as HTML (one holds a mailto link), so they go in as they are. */
const toHtml = (sections: readonly LegalSection[]) =>
  sections
    .map(
      (section) =>
        `<h2>${section.heading}</h2>${section.paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('')}`,
    )
    .join('');

export interface LegalPageSeed {
  publishedAt: string;
  attributes: LegalPageAttributes;
}

export const demoLegalPages: LegalPageSeed[] = documents.map((document) => ({
  publishedAt: `${document.effectiveDate}T00:00:00.000Z`,
  attributes: {
    title: document.title,
    slug: document.slug,
    summary: document.summary,
    body: toHtml(document.sections),
    effectiveDate: document.effectiveDate,
    seoDescription: document.summary,
  },
}));
