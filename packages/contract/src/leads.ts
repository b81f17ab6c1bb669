import { z } from 'zod';
import { companyFormSchema, pageMetaSchema } from './identity';
import { isUsState } from './us-states';

/**
 * Leads from the public site: the contact form, the "Speak to sales" form and the newsletter sign-up
 * rendered by the marketing-automation script. One schema per form, shared by the web and POST /v2/leads.
 */
export const leadKinds = ['contact', 'sales', 'newsletter'] as const;
export type LeadKind = (typeof leadKinds)[number];
export const leadKindLabels: Record<LeadKind, string> = {
  contact: 'Contact',
  sales: 'Sales',
  newsletter: 'Newsletter',
};

export const leadStatuses = ['new', 'contacted', 'closed'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  closed: 'Closed',
};

/** The answer a visitor reads after any lead form is sent. */
export const LEAD_THANKS = 'Thanks — we’ll be in touch within one business day.';

export const LEAD_MESSAGE_MAX = 4000;

const messageField = z
  .string()
  .trim()
  .max(LEAD_MESSAGE_MAX, `Message should be maximum ${LEAD_MESSAGE_MAX} characters long`);

/** 'Required' when missing, like every other field (spec §5), and 'Email is not valid' otherwise. */
const emailField = z
  .email({ error: (issue) => (issue.input === undefined ? 'Required' : 'Email is not valid') })
  .trim()
  .toLowerCase()
  .max(254, 'Email is not valid');

/** The company form of spec §5, with a state that must be one of the US states. */
const leadCompanyFields = companyFormSchema.extend({
  email: emailField,
  state: companyFormSchema.shape.state.refine((state) => isUsState(state.value), {
    message: 'Choose a US state from the list',
  }),
});

/** Contact form on /contact: the company form and what the visitor wants to ask. */
export const contactLeadFormSchema = leadCompanyFields.extend({
  message: messageField.min(10, 'Message should be at least 10 characters long'),
});
export type ContactLeadForm = z.infer<typeof contactLeadFormSchema>;

/** "Speak to sales": the company form and, optionally, what they plan to research. */
export const salesLeadFormSchema = leadCompanyFields.extend({
  message: messageField.optional(),
});
export type SalesLeadForm = z.infer<typeof salesLeadFormSchema>;

/** Newsletter sign-up of the marketing-automation form: an email and, optionally, a first name. */
export const newsletterLeadFormSchema = z.object({
  email: emailField,
  firstName: z.string().trim().max(128, 'First Name should be maximum 128 characters long').optional(),
});
export type NewsletterLeadForm = z.infer<typeof newsletterLeadFormSchema>;

/**
 * What every form sends besides its fields: the public page it was sent from, and `website`, a field
 * people never see. Bots fill it in; a lead that has it is answered as a success and stored nowhere.
 */
const leadEnvelope = {
  sourcePath: z.string().trim().max(500).startsWith('/').optional(),
  website: z.string().max(500).optional(),
};

export const createLeadSchema = z.discriminatedUnion('kind', [
  contactLeadFormSchema.extend({ kind: z.literal('contact'), ...leadEnvelope }),
  salesLeadFormSchema.extend({ kind: z.literal('sales'), ...leadEnvelope }),
  newsletterLeadFormSchema.extend({ kind: z.literal('newsletter'), ...leadEnvelope }),
]);
export type CreateLead = z.infer<typeof createLeadSchema>;

export const createLeadResponseSchema = z.object({
  data: z.object({ ok: z.literal(true), message: z.string() }),
});

export const leadSchema = z.object({
  id: z.uuid(),
  kind: z.enum(leadKinds),
  company: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** A US state code. */
  state: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(leadStatuses),
  sourcePath: z.string().nullable(),
  utm: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

/** GET /v2/admin/leads?status=&kind=&page= */
export const leadsQuerySchema = z.object({
  status: z.enum(leadStatuses).optional(),
  kind: z.enum(leadKinds).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type LeadsQuery = z.infer<typeof leadsQuerySchema>;

export const leadsResponseSchema = z.object({ data: z.array(leadSchema), meta: pageMetaSchema });
export const leadResponseSchema = z.object({ data: leadSchema });

/** PATCH /v2/admin/leads/:id */
export const updateLeadSchema = z.object({ status: z.enum(leadStatuses) });
export type UpdateLead = z.infer<typeof updateLeadSchema>;
