import { connect } from 'node:net';

/** The Redis on this machine (CI and dev machines run one); tests that need it are skipped without. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something answers on the Redis address within half a second. */
export async function redisReachable(url = testRedisUrl): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
