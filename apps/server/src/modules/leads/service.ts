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
import { HttpError } from '../../plugins/errors';
import {
  findLibraryItemDelivery,
  LIBRARY_LINK_DAYS,
  type LibraryItemDelivery,
  libraryDownloadPath,
  signLibraryDownload,
} from '../content/service';
import type { MailService } from '../mail/service';
import {
  allLeads,
  insertLead,
  type LeadFilter,
  type LeadRow,
  pageLeads,
  updateLeadStatus,
} from './repository';

/** The most rows one CSV export holds; a filter narrows it down. */
export const LEADS_EXPORT_MAX = 10_000;

const libraryActionLabels: Record<LibraryItemDelivery['kind'], string> = {
  guide: 'Download the guide',
  template: 'Download the template',
  toolkit: 'Download the toolkit',
  webinar: 'Watch the webinar',
};

export interface LeadsDeps {
  db: Db;
  mail: MailService;
  config: Pick<Config, 'salesEmail' | 'publicUrl'>;
  /** The app's session secret: it signs a gated library item's download link. */
  secret: Uint8Array;
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
    libraryItem:
      row.libraryItemId !== null
        ? { id: row.libraryItemId, title: row.libraryItemTitle ?? 'Library item' }
        : null,
    statusChangedBy: row.statusChangedBy,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createLeadsService(deps: LeadsDeps) {
  /**
   * Stores the lead and queues the mail to sales in one transaction, so neither exists without the other.
   * A library lead also gets the item at once: a signed download link (or the video's link), on the page
   * and mailed to the address they gave.
   */
  async function submit(input: CreateLead, utm: Partial<Record<UtmKey, string>>) {
    const item =
      input.kind === 'library' ? await findLibraryItemDelivery(deps.db, input.libraryItemId) : null;
    if (input.kind === 'library' && (!item || (!item.file && !item.videoUrl))) {
      throw new HttpError(404, 'This item is no longer in our library. Reload the page to see what is.');
    }
    const values =
      input.kind === 'newsletter'
        ? { firstName: input.firstName || null }
        : {
            company: input.company,
            firstName: input.firstName,
            lastName: input.lastName,
            state: input.state.value,
            message: input.kind === 'library' ? null : input.message || null,
          };
    const delivery = item ? deliveryOf(item) : null;
    const { row, mailIds } = await deps.db.transaction(async (tx) => {
      const row = await insertLead(tx, {
        kind: input.kind,
        email: input.email,
        sourcePath: input.sourcePath ?? null,
        utm,
        libraryItemId: item?.id ?? null,
        libraryItemTitle: item?.title ?? null,
        ...values,
      });
      const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || null;
      const mailIds = [
        await deps.mail.enqueue(tx, emailTemplates.newLead, deps.config.salesEmail, {
          kindLabel: leadKindLabels[input.kind],
          name,
          company: row.company,
          email: row.email,
          state: input.kind === 'newsletter' ? null : `${input.state.label} (${input.state.value})`,
          message: item ? `Asked for “${item.title}”` : row.message,
          sourcePath: row.sourcePath,
          utm: utmKeys.filter((key) => utm[key]).map((key) => `utm_${key}=${utm[key]}`),
          leadsUrl: `${deps.config.publicUrl}/research/builder/admin/leads`,
        }),
      ];
      if (item && delivery) {
        mailIds.push(
          await deps.mail.enqueue(tx, emailTemplates.libraryDownload, row.email, {
            firstName: row.firstName ?? 'there',
            title: item.title,
            actionLabel: libraryActionLabels[item.kind],
            href: delivery.absoluteUrl,
            expiresOn: delivery.expiresOn,
          }),
        );
      }
      return { row, mailIds };
    });
    await deps.mail.dispatch(mailIds);
    return { lead: toLead(row), downloadUrl: delivery?.url };
  }

  /** The link a library lead gets: a signed file link valid for some days, or the video's own link. */
  function deliveryOf(item: LibraryItemDelivery) {
    if (!item.file) return { url: item.videoUrl, absoluteUrl: item.videoUrl, expiresOn: null };
    const expiresAt = new Date(Date.now() + LIBRARY_LINK_DAYS * 24 * 60 * 60 * 1000);
    const path = libraryDownloadPath(
      item.id,
      item.gated ? signLibraryDownload(deps.secret, item.id, expiresAt) : undefined,
    );
    return {
      url: path,
      absoluteUrl: `${deps.config.publicUrl}${path}`,
      expiresOn: item.gated
        ? expiresAt.toLocaleDateString('en-US', {
            month: 'long',
            day: 'numeric',
            year: 'numeric',
            timeZone: 'UTC',
          })
        : null,
    };
  }

  async function page(filter: LeadFilter, pageNumber: number, pageSize: number) {
    const { rows, total } = await pageLeads(deps.db, filter, pageNumber, pageSize);
    return { data: rows.map(toLead), meta: { page: pageNumber, pageSize, total } };
  }

  /** Sets the status, recording who (the staff member's name and email) changed it, and when. */
  async function setStatus(id: string, status: LeadStatus, changedBy: string) {
    const row = await updateLeadStatus(deps.db, id, status, changedBy);
    return row ? toLead(row) : null;
  }

  async function exportRows(filter: LeadFilter) {
    return allLeads(deps.db, filter, LEADS_EXPORT_MAX);
  }

  return { submit, page, setStatus, exportRows };
}
export type LeadsService = ReturnType<typeof createLeadsService>;
