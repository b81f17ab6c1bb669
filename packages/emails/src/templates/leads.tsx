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
