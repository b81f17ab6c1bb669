import { type EmailTemplate, renderTemplate } from '@tv/emails';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';
import type { Logger } from '../../lib/logger';

export const DELIVER_QUEUE = 'mail-deliver';
export const SWEEP_QUEUE = 'mail-sweep';
export const MAX_ATTEMPTS = 5;

export interface MailDeps {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  log: Logger;
  boss: () => PgBoss | null;
}

/**
 * Mail goes through the outbox: `enqueue` renders and stores the message (inside the caller's transaction
 * when given one), `dispatch` asks the queue to deliver it. A sweep re-queues anything left pending, so a
 * crash between the two loses nothing.
 */
export function createMailService(deps: MailDeps) {
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
    const rendered = await renderTemplate(template, props);
    const [row] = await db
      .insert(mailOutbox)
      .values({
        template: template.name,
        toEmail: to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        props: props as object,
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

  /** Delivers one message; throws to let the queue retry. */
  async function deliver(id: string) {
    const [message] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    if (!message || message.status === 'sent' || message.status === 'kept') return;
    if (!deps.config.smtpUrl) {
      await deps.db.update(mailOutbox).set({ status: 'kept' }).where(eq(mailOutbox.id, id));
      deps.log.info(
        { to: message.toEmail, subject: message.subject, template: message.template },
        'mail kept in the outbox',
      );
      return;
    }
    try {
      await transport().sendMail({
        from: deps.config.mailFrom,
        to: message.toEmail,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
      await deps.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: message.attempts + 1, lastError: null })
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
        .select()
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
    (await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1))[0] ?? null;

  async function startWorkers(boss: PgBoss) {
    await boss.createQueue(DELIVER_QUEUE);
    await boss.createQueue(SWEEP_QUEUE);
    await boss.work<{ id: string }>(DELIVER_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) await deliver(job.data.id);
    });
    await boss.work(SWEEP_QUEUE, async () => sweep());
    await boss.schedule(SWEEP_QUEUE, '* * * * *');
  }

  return { enqueue, dispatch, deliver, sweep, page, find, startWorkers };
}

export type MailService = ReturnType<typeof createMailService>;
