import { createServer } from 'node:http';
import { startSmtpSink } from '../../apps/server/src/modules/mail/smtp-sink';

/**
 * The e2e run's recipients' inboxes. The server delivers every message here over SMTP; tests read a
 * reset or invitation link here, as its recipient would, since staff never can (decision 023).
 *
 *   MAIL_SINK_SMTP_PORT  where the server's SMTP_URL points
 *   MAIL_SINK_HTTP_PORT  GET /messages?to=<address> lists what that address received, oldest first
 *
 * Also handy in development: `MAIL_SINK_SMTP_PORT=2525 MAIL_SINK_HTTP_PORT=2526 npx tsx e2e/stubs/mail-sink.ts`
 * and start the server with SMTP_URL=smtp://127.0.0.1:2525.
 */
const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 2526);

const sink = await startSmtpSink({ port: smtpPort });

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/healthz') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to');
    const messages = (to ? sink.to(to) : sink.messages).map(({ to, subject, text, html }) => ({
      to,
      subject,
      text,
      html,
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: messages }));
    return;
  }
  response.writeHead(404).end();
});
http.listen(httpPort, '127.0.0.1', () => {
  console.log(`mail sink: SMTP on 127.0.0.1:${sink.port}, messages at http://127.0.0.1:${httpPort}/messages`);
});

const stop = () => {
  http.close();
  void sink.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
