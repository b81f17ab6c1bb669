/**
 * Whether a wrong sign-in or a reset request tells an existing account from an unknown address by its
 * time (issue 12, enumeration). Against a running server, one request at a time, alternating the two
 * cases so that the machine's noise falls on both alike:
 * `BASE_URL=http://localhost:3000 npx tsx bench/sign-in-timing.ts` (AUTH_RATE_LIMIT must allow the
 * requests: start the server with AUTH_RATE_LIMIT=100000).
 */
const base = process.env.BASE_URL ?? 'http://localhost:3000';
const rounds = Number(process.env.ROUNDS ?? 200);
const cases = {
  'existing account, wrong password': 'priya@northside.test',
  'unknown address': 'nobody-here@example.org',
} as const;

async function timeSignIn(email: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'not the password' }),
  });
  await response.arrayBuffer();
  if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
  return performance.now() - started;
}

async function timeResetRequest(email: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/password/reset-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
  return performance.now() - started;
}

const samples: Record<string, number[]> = {};
for (let i = 0; i < rounds; i++) {
  for (const [name, email] of Object.entries(cases)) {
    const signIn = `sign-in, ${name}`;
    const reset = `reset request, ${name.replace(', wrong password', '')}`;
    samples[signIn] = [...(samples[signIn] ?? []), await timeSignIn(email)];
    samples[reset] = [...(samples[reset] ?? []), await timeResetRequest(email)];
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, values] of Object.entries(samples)) {
  console.log(`${name.padEnd(48)} median ${median(values).toFixed(1)} ms over ${values.length}`);
}

export {};
