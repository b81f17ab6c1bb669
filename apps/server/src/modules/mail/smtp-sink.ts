import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server that keeps what it receives, for tests and the e2e run: the only place outside a
 * recipient's inbox where a reset or invitation link can be read (decision 023). Not used by the app.
 */
export interface SinkMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function parseEntity(raw: string): Entity {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words, as nodemailer writes a subject that is not plain ASCII. */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );

function collectParts(entity: Entity, out: { text: string; html: string }) {
  const type = entity.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = entity.body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(parseEntity(part.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(entity.body)
        : entity.body;
  if (type.toLowerCase().startsWith('text/html')) out.html += decoded;
  else if (type.toLowerCase().startsWith('text/plain')) out.text += decoded;
}

export function parseMessage(raw: string, to: string[]): SinkMessage {
  const top = parseEntity(raw);
  const out = { text: '', html: '' };
  collectParts(top, out);
  return { to, subject: decodeWords(top.headers.get('subject') ?? ''), ...out, raw };
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: SinkMessage[];
  /** Messages to an address, oldest first. */
  to(address: string): SinkMessage[];
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (a free port unless given) and keeps every message it accepts. */
export async function startSmtpSink(options: { port?: number; reject?: boolean } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.reject) return callback(new Error('mailbox unavailable'));
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push(parseMessage(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () =>
      resolve((server.server.address() as { port: number }).port),
    );
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
