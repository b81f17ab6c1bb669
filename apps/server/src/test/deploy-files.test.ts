import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from '../config';

/**
 * The Dockerfile and deploy/compose.yaml cannot run on this machine (no container registry), so they
 * are kept honest against scripts/scale-out.sh, which runs the same topology with the same commands
 * and is itself tested end to end in scale-out.test.ts.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: unknown;
}
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const dockerfile = read('Dockerfile');
const script = read('scripts/scale-out.sh');
const haproxy = read('deploy/haproxy.cfg');
const SERVER = ['node', 'apps/server/dist/server.js'];

describe('deploy files', () => {
  it('run the server the way the script does: the compiled build, in production', () => {
    expect(dockerfile).toContain(`CMD ${JSON.stringify(SERVER).replaceAll(',', ', ')}`);
    expect(dockerfile).toContain('RUN node scripts/build.mjs');
    expect(script).toContain('node scripts/build.mjs');
    expect(script).toContain(`nohup ${SERVER.join(' ')}`);
    expect(script).toContain('export NODE_ENV=production');
    for (const name of ['app1', 'app2']) {
      const app = compose.services[name]!;
      expect(app.command).toEqual(SERVER);
      expect(app.environment?.NODE_ENV).toBe('production');
    }
  });

  it('give both copies the shared database, Redis, store and secret, with names the server knows', () => {
    const [one, two] = [compose.services.app1!.environment!, compose.services.app2!.environment!];
    expect(one).toEqual(two);
    for (const required of ['DATABASE_URL', 'REDIS_URL', 'SESSION_SECRET', 'TRUST_PROXY', 'S3_BUCKET']) {
      expect(Object.keys(one)).toContain(required);
    }
    expect(one.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(one.REDIS_URL).toBe('redis://redis:6379');
    // A misspelt variable would be ignored silently; every one must be a variable the server reads.
    expect(Object.keys(one).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    // The script asks for the same shared pieces.
    for (const required of ['DATABASE_URL', 'REDIS_URL', 'SESSION_SECRET'])
      expect(script).toContain(`\${${required}:?`);
    expect(script).toContain('TRUST_PROXY=');
  });

  it('put the same HAProxy configuration in front, with every address it needs', () => {
    const proxy = compose.services.proxy!;
    expect(proxy.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(script).toContain('haproxy -db -f deploy/haproxy.cfg');
    const needed = [...haproxy.matchAll(/"\$\{([A-Z0-9_]+)\}"/g)].map((match) => match[1]!).sort();
    expect(needed).toEqual(['APP1_ADDR', 'APP2_ADDR', 'PROXY_BIND']);
    expect(Object.keys(proxy.environment ?? {}).sort()).toEqual(needed);
    for (const name of needed) expect(script).toContain(`${name}=`);
  });

  it.skipIf(!existsSync('/usr/sbin/haproxy'))(
    'is a configuration HAProxy accepts, with compose’s addresses',
    () => {
      const env = { ...process.env, ...compose.services.proxy!.environment };
      // app1 and app2 resolve only inside compose's network: check with addresses that resolve here.
      env.APP1_ADDR = '127.0.0.1:3000';
      env.APP2_ADDR = '127.0.0.1:3001';
      const output = execFileSync('/usr/sbin/haproxy', ['-c', '-f', resolve(root, 'deploy/haproxy.cfg')], {
        env,
        encoding: 'utf8',
      });
      expect(output).toContain('Configuration file is valid');
    },
  );
});
