import { z } from 'zod';
import { companyFormSchema, pageMetaSchema } from './identity';
import { isUsState } from './us-states';

/**
 * Leads from the public site: the contact form, the "Speak to sales" form and the newsletter sign-up
 * rendered by the marketing-automation script. One schema per form, shared by the web and POST /v2/leads.
 */
export const leadKinds = ['contact', 'sales', 'newsletter', 'library'] as const;
export type LeadKind = (typeof leadKinds)[number];
export const leadKindLabels: Record<LeadKind, string> = {
  contact: 'Contact form',
  sales: 'Sales dialog',
  newsletter: 'Newsletter',
  library: 'Library item',
};

/** new → contacted → qualified or closed; staff may move a lead to any of them. */
export const leadStatuses = ['new', 'contacted', 'qualified', 'closed'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
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

/** A gated library item's form: the company form; the item is named by its content entry id. */
export const libraryLeadFormSchema = leadCompanyFields;
export type LibraryLeadForm = z.infer<typeof libraryLeadFormSchema>;

export const createLeadSchema = z.discriminatedUnion('kind', [
  contactLeadFormSchema.extend({ kind: z.literal('contact'), ...leadEnvelope }),
  salesLeadFormSchema.extend({ kind: z.literal('sales'), ...leadEnvelope }),
  newsletterLeadFormSchema.extend({ kind: z.literal('newsletter'), ...leadEnvelope }),
  libraryLeadFormSchema.extend({
    kind: z.literal('library'),
    libraryItemId: z.number({ error: 'Choose the guide you want' }).int().positive().max(2_147_483_647),
    ...leadEnvelope,
  }),
]);
export type CreateLead = z.infer<typeof createLeadSchema>;

/** What a visitor reads after a gated library item's form: the same words, and the file at once. */
export const LIBRARY_THANKS = 'Thanks — your download is ready. We’ve also emailed you the link.';

export const createLeadResponseSchema = z.object({
  data: z.object({
    ok: z.literal(true),
    message: z.string(),
    /** A library item's signed download link (kind 'library' with a file), or its video link. */
    downloadUrl: z.string().optional(),
  }),
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
  /** The library item the lead asked for (kind 'library'), as it was titled then. */
  libraryItem: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** Who last changed the status, and when; null while it is still new. */
  statusChangedBy: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

/** GET /v2/admin/leads?status=&kind=&q=&page= (q: name, email, organisation or message) */
export const leadsQuerySchema = z.object({
  status: z.enum(leadStatuses).optional(),
  kind: z.enum(leadKinds).optional(),
  q: z.string().trim().max(200, 'Search for at most 200 characters').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type LeadsQuery = z.infer<typeof leadsQuerySchema>;

export const leadsResponseSchema = z.object({ data: z.array(leadSchema), meta: pageMetaSchema });
export const leadResponseSchema = z.object({ data: leadSchema });
/** GET /v2/admin/leads/export.csv: the same filters, every matching lead. */
export const leadsExportQuerySchema = leadsQuerySchema.omit({ page: true, pageSize: true });

/** PATCH /v2/admin/leads/:id */
export const updateLeadSchema = z.object({ status: z.enum(leadStatuses) });
export type UpdateLead = z.infer<typeof updateLeadSchema>;
