import { SimpleMessage } from '../layout';
import { defineTemplate } from '../registry';

export interface NewLeadMailProps {
  /** 'Contact', 'Sales' or 'Newsletter'. */
  kindLabel: string;
  name: string | null;
  company: string | null;
  email: string;
  state: string | null;
  message: string | null;
  sourcePath: string | null;
  /** UTM parameters as `utm_source=…` pairs. */
  utm: string[];
  leadsUrl: string;
}

/** Sent to our own sales team; it carries the lead's details so they can reply straight away. */
export const newLead = defineTemplate<NewLeadMailProps>({
  name: 'leads/new-lead',
  description: 'Sent to the sales address when someone sends the contact, sales or newsletter form.',
  // The form's fields are the sender's words: they stay in the body, each named, never in the subject.
  subject: ({ kindLabel }) => `New ${kindLabel.toLowerCase()} lead from the TeenVoice site`,
  component: ({ kindLabel, name, company, email, state, message, sourcePath, utm, leadsUrl }) => (
    <SimpleMessage
      preview={`Someone sent the ${kindLabel.toLowerCase()} form.`}
      heading={`New ${kindLabel.toLowerCase()} lead`}
      paragraphs={[
        `Someone sent the ${kindLabel.toLowerCase()} form on the TeenVoice site. Reply within one business day: that is what the form promises.`,
        `Name: ${name ?? 'not given'}`,
        `Company: ${company ?? 'not given'}`,
        `Email: ${email}`,
        `State: ${state ?? 'not given'}`,
        ...(message ? [`Message from the sender: “${message}”`] : []),
        `Sent from: ${sourcePath ?? 'unknown page'}${utm.length > 0 ? ` (${utm.join(', ')})` : ''}`,
      ]}
      action={{ label: 'Open the leads list', href: leadsUrl }}
      footnote="Mark the lead as contacted in TeenVoice once you have replied, so nobody answers twice."
    />
  ),
  sample: {
    kindLabel: 'Sales',
    name: 'Dana Whitfield',
    company: 'Riverbend Health Partners',
    email: 'dana.whitfield@riverbend.example',
    state: 'Ohio',
    message:
      'We want to understand how teens in the Midwest look for mental health support, ideally before our autumn campaign.',
    sourcePath: '/products',
    utm: ['utm_source=newsletter', 'utm_campaign=spring-2026'],
    leadsUrl: 'http://localhost:3000/research/builder/admin/leads',
  },
});

export interface LibraryDownloadMailProps {
  firstName: string;
  title: string;
  /** 'Download the guide', 'Watch the webinar', … */
  actionLabel: string;
  /** The signed download link (valid for a while), or the video's link. */
  href: string;
  /** When a signed link stops working, in words ('December 4, 2026'); null for a video link. */
  expiresOn: string | null;
}

/** Sent to a visitor who asked for a gated library item: the same link the page gave them. */
export const libraryDownload = defineTemplate<LibraryDownloadMailProps>({
  name: 'leads/library-download',
  // The link's token opens a gated file: staff reading the outbox see it masked, as other secrets.
  secrets: ['href'],
  description: 'Sent to a visitor who filled the form for a gated guide, toolkit, template or webinar.',
  // Names and titles stay in the body, as in every template: the subject and preview are fixed words.
  subject: () => 'Your download from the TeenVoice library',
  component: ({ firstName, title, actionLabel, href, expiresOn }) => (
    <SimpleMessage
      preview="Here is the item you asked for on the TeenVoice site."
      heading="Here is your copy"
      paragraphs={[
        `Hi ${firstName},`,
        `Thanks for your interest in “${title}”. Use the button below to get it.`,
        ...(expiresOn
          ? [`The link works until ${expiresOn}. After that, ask for it again on our site.`]
          : []),
      ]}
      action={{ label: actionLabel, href }}
      footnote="You get this email because you asked for this item on the TeenVoice site. We don’t add you to any mailing list."
    />
  ),
  sample: {
    firstName: 'Dana',
    title: 'A guide to writing surveys for 13–19 year-olds',
    actionLabel: 'Download the guide',
    href: 'http://localhost:3000/cms/library/1/download?token=sample',
    expiresOn: 'December 4, 2026',
  },
});
