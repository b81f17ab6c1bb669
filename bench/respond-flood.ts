/**
 * A scripted flood of one live survey from one address (issue 23), against the real server
 * (NODE_ENV=production, the respondent limits at their defaults) on the embedded database: 1,000
 * made-up answers in 60 s, half replaying one start token with made-up devices (as the probe did),
 * half opening the survey afresh for each answer (as a smarter script would). Prints how many were
 * refused, held and counted, and the time the server took to refuse one next to a bare route
 * (GET /healthz) and an answer it counts, in the same run.
 *
 *   npx tsx bench/respond-flood.ts            (FLOOD_ANSWERS=1000 FLOOD_SECONDS=60)
 *
 * It uses port 3410 and a data folder of its own, and stops by itself.
 */
import { randomUUID } from 'node:crypto';
import { demoAccounts } from '../apps/server/src/db/seed/demo-accounts';
import { PULSE, startServer, submission } from './lib/respondents';

const port = Number(process.env.BENCH_PORT ?? 3410);
const answers = Number(process.env.FLOOD_ANSWERS ?? 1000);
const seconds = Number(process.env.FLOOD_SECONDS ?? 60);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function timed(call: () => Promise<Response>) {
  const started = performance.now();
  const res = await call();
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function counted(base: string) {
  const login = await fetch(`${base}/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: demoAccounts.platformAdmin.email, password: 'teenvoice-demo' }),
  });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const quotas = await fetch(`${base}/v2/surveys/${PULSE}/quotas`, { headers: { cookie } });
  const survey = await fetch(`${base}/v2/respond/${PULSE}`);
  return {
    completed: ((await quotas.json()) as { data: { completed: number } }).data.completed,
    status: ((await survey.json()) as { data: { status: string } }).data.status,
  };
}

async function main() {
  const server = await startServer({ port, respondLimit: 20 });
  try {
    const before = await counted(server.base);
    const opened = (await (await fetch(`${server.base}/v2/respond/${PULSE}`)).json()) as {
      data: { startToken: string };
    };
    const tally = { refused: 0, accepted: 0, other: 0 };
    const refusedMs: number[] = [];
    const acceptedMs: number[] = [];
    const bareMs: number[] = [];
    const started = Date.now();
    for (let i = 0; i < answers; i++) {
      // Spread over the window, as a script pacing itself to stay under naive limits would.
      const due = started + (i * seconds * 1000) / answers;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      const made = JSON.parse(submission()) as Record<string, unknown>;
      if (i % 2 === 0) {
        made.startToken = opened.data.startToken;
        made.deviceToken = randomUUID().replaceAll('-', '');
      } else {
        const fresh = await fetch(`${server.base}/v2/respond/${PULSE}`);
        const body = (await fresh.json()) as { data?: { startToken?: string; deviceToken?: string } };
        made.startToken = body.data?.startToken;
        made.deviceToken = body.data?.deviceToken;
      }
      const reply = await timed(() =>
        fetch(`${server.base}/v2/respond/${PULSE}/responses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(made),
        }),
      );
      if (reply.status === 429) {
        tally.refused++;
        refusedMs.push(reply.ms);
      } else if (reply.status === 200) {
        tally.accepted++;
        acceptedMs.push(reply.ms);
      } else tally.other++;
      if (i % 10 === 0) bareMs.push((await timed(() => fetch(`${server.base}/healthz`))).ms);
    }
    const elapsed = (Date.now() - started) / 1000;
    const after = await counted(server.base);
    console.log(
      `\n## Respondent flood: ${answers} scripted answers from one address in ${elapsed.toFixed(1)} s\n`,
    );
    console.log('| | answers |');
    console.log('| --- | ---: |');
    console.log(`| refused by the limit (429) | ${tally.refused} |`);
    console.log(`| accepted (thanked as usual) | ${tally.accepted} |`);
    console.log(`| other answers | ${tally.other} |`);
    console.log(`| counted toward the sample | ${after.completed - before.completed} |`);
    console.log(`| survey status after | ${after.status} |`);
    console.log('\n| request | median |');
    console.log('| --- | ---: |');
    console.log(`| GET /healthz (bare route) | ${median(bareMs).toFixed(2)} ms |`);
    console.log(`| refused answer (429) | ${median(refusedMs).toFixed(2)} ms |`);
    console.log(`| accepted answer | ${median(acceptedMs).toFixed(2)} ms |`);
  } finally {
    await server.stop();
  }
}

await main();
