import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { type EmailTemplate, emailTemplates, renderTemplate } from '@tv/emails';
import { and, count, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';
import { workInBatches } from '../../lib/batch-worker';
import type { Logger } from '../../lib/logger';
import { loadSessionSecret } from '../../lib/secrets';

/** Messages one fetch of the delivery queue takes. */
const DELIVERY_BATCH = 20;
export const DELIVER_QUEUE = 'mail-deliver';
export const SWEEP_QUEUE = 'mail-sweep';
export const MAX_ATTEMPTS = 5;

/** What the outbox keeps, and staff read, in place of a link that must reach only the recipient. */
export const HIDDEN_LINK = '[link hidden: it is sent only to the recipient]';

export interface MailDeps {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'sessionSecret' | 'dataDir' | 'nodeEnv'>;
  log: Logger;
  boss: () => PgBoss | null;
}

type AnyTemplate = EmailTemplate<Record<string, unknown>>;
const templatesByName = new Map<string, AnyTemplate>(
  Object.values(emailTemplates).map((template) => [template.name, template as unknown as AnyTemplate]),
);

/** Every column but `secret`: what may leave the mail service. */
const { secret: _secret, ...visibleColumns } = getTableColumns(mailOutbox);

/**
 * A template's secret props, sealed with AES-256-GCM under a key derived from the session secret. The
 * recipient and template are authenticated with it, so a sealed value only opens on its own message.
 */
function secretBox(sessionSecret: Uint8Array) {
  const key = createHmac('sha256', sessionSecret).update('teenvoice/mail-outbox-secret').digest();
  const aad = (template: string, to: string) => Buffer.from(`${template}\n${to.toLowerCase()}`);
  return {
    seal(template: string, to: string, values: Record<string, unknown>): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(template, to));
      const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    /** The sealed values, or null when they cannot be opened (another key, another message, tampered). */
    open(template: string, to: string, sealed: string): Record<string, unknown> | null {
      if (!sealed.startsWith('v1.')) return null;
      try {
        const raw = Buffer.from(sealed.slice(3), 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAAD(aad(template, to));
        decipher.setAuthTag(raw.subarray(12, 28));
        const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
        return JSON.parse(plain) as Record<string, unknown>;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Mail goes through the outbox: `enqueue` renders and stores the message (inside the caller's transaction
 * when given one), `dispatch` asks the queue to deliver it. A sweep re-queues anything left pending, so a
 * crash between the two loses nothing.
 *
 * A template's `secrets` (reset and invitation links) never reach the stored body: it is rendered with
 * HIDDEN_LINK in their place, the real values are sealed into `secret`, and delivery renders the message
 * again with them, then clears `secret` (decision 023).
 */
export function createMailService(deps: MailDeps) {
  const box = secretBox(loadSessionSecret(deps.config));
  let transporter: Transporter | null = null;
  const transport = () => {
    transporter ??= nodemailer.createTransport(deps.config.smtpUrl!);
    return transporter;
  };

  async function enqueue<Props>(
    db: Db,
    template: EmailTemplate<Props>,
    to: string,
    props: Props,
  ): Promise<string> {
    const secretKeys = template.secrets ?? [];
    const hidden = secretKeys.length
      ? ({ ...props, ...Object.fromEntries(secretKeys.map((key) => [key, HIDDEN_LINK])) } as Props)
      : props;
    const rendered = await renderTemplate(template, hidden);
    const [row] = await db
      .insert(mailOutbox)
      .values({
        template: template.name,
        toEmail: to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        props: hidden as object,
        secret: secretKeys.length
          ? box.seal(template.name, to, Object.fromEntries(secretKeys.map((key) => [key, props[key]])))
          : null,
      })
      .returning({ id: mailOutbox.id });
    return row!.id;
  }

  async function dispatch(ids: string[]) {
    const boss = deps.boss();
    if (!boss) return;
    for (const id of ids) {
      await boss.send(
        DELIVER_QUEUE,
        { id },
        { singletonKey: id, retryLimit: MAX_ATTEMPTS, retryDelay: 5, retryBackoff: true },
      );
    }
  }

  type Message = typeof mailOutbox.$inferSelect;

  /** What goes out: the stored message, or, for one with secrets, the template rendered again with them. */
  async function outgoing(message: Message) {
    const template = templatesByName.get(message.template);
    if (!template?.secrets?.length) {
      return { subject: message.subject, html: message.html, text: message.text };
    }
    const secrets = message.secret ? box.open(message.template, message.toEmail, message.secret) : null;
    if (!secrets) return null;
    return renderTemplate(template, { ...(message.props as Record<string, unknown>), ...secrets });
  }

  /** Delivers one message; throws to let the queue retry. */
  async function deliver(id: string) {
    const [message] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    if (!message || message.status === 'sent' || message.status === 'kept') return;
    if (!deps.config.smtpUrl) {
      // Nobody will ever deliver it, so its secret goes: the outbox keeps the message with the link hidden.
      await deps.db.update(mailOutbox).set({ status: 'kept', secret: null }).where(eq(mailOutbox.id, id));
      deps.log.info(
        { to: message.toEmail, subject: message.subject, template: message.template },
        'mail kept in the outbox',
      );
      return;
    }
    const content = await outgoing(message);
    if (!content) {
      await deps.db
        .update(mailOutbox)
        .set({
          status: 'failed',
          secret: null,
          lastError: 'The link in this message can no longer be read. Ask for a new one.',
        })
        .where(eq(mailOutbox.id, id));
      deps.log.error({ id, template: message.template }, 'mail secret could not be opened');
      return;
    }
    try {
      await transport().sendMail({
        from: deps.config.mailFrom,
        to: message.toEmail,
        subject: content.subject,
        html: content.html,
        text: content.text,
      });
      await deps.db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
          attempts: message.attempts + 1,
          lastError: null,
          secret: null,
        })
        .where(eq(mailOutbox.id, id));
    } catch (error) {
      const attempts = message.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS + 1;
      await deps.db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: error instanceof Error ? error.message : String(error),
          status: failed ? 'failed' : 'pending',
          ...(failed ? { secret: null } : {}),
        })
        .where(eq(mailOutbox.id, id));
      if (!failed) throw error;
      deps.log.error({ err: error, id }, 'mail delivery failed for good');
    }
  }

  /** Re-queues messages still pending a minute after they were written. */
  async function sweep() {
    const rows = await deps.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.createdAt, sql`now() - interval '1 minute'`)),
      )
      .limit(500);
    await dispatch(rows.map((r) => r.id));
  }

  async function page(page: number, pageSize: number, search?: string) {
    const where = search
      ? sql`(${mailOutbox.toEmail} ilike ${`%${search}%`} or ${mailOutbox.subject} ilike ${`%${search}%`})`
      : undefined;
    const [rows, totals] = await Promise.all([
      deps.db
        .select(visibleColumns)
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      deps.db.select({ total: count() }).from(mailOutbox).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  const find = async (id: string) =>
    (await deps.db.select(visibleColumns).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1))[0] ?? null;

  async function startWorkers(boss: PgBoss) {
    await boss.createQueue(DELIVER_QUEUE);
    await boss.createQueue(SWEEP_QUEUE);
    // A burst (a fieldwork close, an invitation round) drains a batch per second, not one message.
    await workInBatches<{ id: string }>(
      boss,
      DELIVER_QUEUE,
      { batchSize: DELIVERY_BATCH, pollingIntervalSeconds: 1 },
      (data) => deliver(data.id),
    );
    await boss.work(SWEEP_QUEUE, async () => sweep());
    await boss.schedule(SWEEP_QUEUE, '* * * * *');
  }

  return { enqueue, dispatch, deliver, sweep, page, find, startWorkers };
}

export type MailService = ReturnType<typeof createMailService>;
