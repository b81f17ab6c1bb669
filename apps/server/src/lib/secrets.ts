import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/**
 * The key that signs access tokens: from SESSION_SECRET (required in production), otherwise generated once
 * into DATA_DIR so sign-ins survive a restart of the embedded default. Tests get a fresh one in memory.
 */
export function loadSessionSecret(config: Pick<Config, 'sessionSecret' | 'dataDir' | 'nodeEnv'>): Uint8Array {
  if (config.sessionSecret) return new TextEncoder().encode(config.sessionSecret);
  if (config.nodeEnv === 'test') return randomBytes(32);
  const file = join(config.dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { sessionSecret: string };
    return Buffer.from(stored.sessionSecret, 'base64');
  }
  const secret = randomBytes(32);
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ sessionSecret: secret.toString('base64') }), { mode: 0o600 });
  return secret;
}
