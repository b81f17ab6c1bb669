import {
  type CreateLead,
  type Lead,
  type LeadKind,
  type LeadStatus,
  leadKindLabels,
  leadKinds,
  leadStatuses,
  type UtmKey,
  utmKeys,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MailService } from '../mail/service';
import { insertLead, type LeadRow, pageLeads, updateLeadStatus } from './repository';

export interface LeadsDeps {
  db: Db;
  mail: MailService;
  config: Pick<Config, 'salesEmail' | 'publicUrl'>;
}

export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    kind: (leadKinds as readonly string[]).includes(row.kind) ? (row.kind as LeadKind) : 'contact',
    company: row.company,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    state: row.state,
    message: row.message,
    status: (leadStatuses as readonly string[]).includes(row.status) ? (row.status as LeadStatus) : 'new',
    sourcePath: row.sourcePath,
    utm: row.utm,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createLeadsService(deps: LeadsDeps) {
  /** Stores the lead and queues the mail to sales in one transaction, so neither exists without the other. */
  async function submit(input: CreateLead, utm: Partial<Record<UtmKey, string>>) {
    const values =
      input.kind === 'newsletter'
        ? { firstName: input.firstName || null }
        : {
            company: input.company,
            firstName: input.firstName,
            lastName: input.lastName,
            state: input.state.value,
            message: input.message || null,
          };
    const { row, mailId } = await deps.db.transaction(async (tx) => {
      const row = await insertLead(tx, {
        kind: input.kind,
        email: input.email,
        sourcePath: input.sourcePath ?? null,
        utm,
        ...values,
      });
      const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || null;
      const mailId = await deps.mail.enqueue(tx, emailTemplates.newLead, deps.config.salesEmail, {
        kindLabel: leadKindLabels[input.kind],
        name,
        company: row.company,
        email: row.email,
        state: input.kind === 'newsletter' ? null : `${input.state.label} (${input.state.value})`,
        message: row.message,
        sourcePath: row.sourcePath,
        utm: utmKeys.filter((key) => utm[key]).map((key) => `utm_${key}=${utm[key]}`),
        leadsUrl: `${deps.config.publicUrl}/research/builder/admin/leads`,
      });
      return { row, mailId };
    });
    await deps.mail.dispatch([mailId]);
    return toLead(row);
  }

  async function page(
    filter: { status?: LeadStatus; kind?: LeadKind },
    pageNumber: number,
    pageSize: number,
  ) {
    const { rows, total } = await pageLeads(deps.db, filter, pageNumber, pageSize);
    return { data: rows.map(toLead), meta: { page: pageNumber, pageSize, total } };
  }

  async function setStatus(id: string, status: LeadStatus) {
    const row = await updateLeadStatus(deps.db, id, status);
    return row ? toLead(row) : null;
  }

  return { submit, page, setStatus };
}
export type LeadsService = ReturnType<typeof createLeadsService>;
