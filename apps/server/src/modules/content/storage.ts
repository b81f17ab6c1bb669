import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';

/** Where the bytes of content media live. Keys look like `<sha256-first-16>/<safe-name>`. */
export interface MediaStorage {
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys come from our own `saveMedia`, but a request path can carry anything: allow only safe ones. */
export function isSafeStorageKey(key: string): boolean {
  return /^[a-f0-9]{16}\/[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/.test(key) && !key.includes('..');
}

function assertSafeKey(key: string) {
  if (!isSafeStorageKey(key)) throw new Error(`Refusing unsafe media key ${JSON.stringify(key)}`);
}

/** Files under `<root>` (DATA_DIR/files by default): one machine, nothing to set up. */
export function createLocalMediaStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error('Media key escapes the files directory');
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader (or a crash) never sees a half-written file, even while another
      // process writes the same content-addressed key.
      const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export type S3Settings = NonNullable<Config['s3']>;

/** Any S3-compatible bucket (AWS, MinIO, R2…): what several copies of the server share. */
export function createS3MediaStorage(settings: S3Settings, client?: S3Client): MediaStorage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  const Bucket = settings.bucket;
  return {
    async put(key, bytes, mime) {
      assertSafeKey(key);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: mime }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** The bucket when S3_BUCKET is set, otherwise DATA_DIR/files. */
export function createMediaStorage(config: Pick<Config, 'dataDir' | 's3'>): MediaStorage {
  return config.s3 ? createS3MediaStorage(config.s3) : createLocalMediaStorage(join(config.dataDir, 'files'));
}
