import type { AddressInfo } from 'node:net';
import { strapi } from '@strapi/client';
import { CONTENT_PRODUCT } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * The official Strapi client (@strapi/client, as a Strapi front end would use it) against our
 * /cms/api over real HTTP: the articles, the current terms and the interface copy (spec §7) must read
 * the way they read from a real Strapi.
 */

let testApp: TestApp;
let client: ReturnType<typeof strapi>;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  client = strapi({ baseURL: `${origin}/cms/api` });
});
afterAll(async () => {
  await testApp?.close();
});

type Entry = { id: number; attributes: Record<string, unknown> };

describe('@strapi/client against /cms/api', () => {
  it('lists published articles and finds one by its slug, as the product does', async () => {
    const articles = client.collection(`${CONTENT_PRODUCT}-articles`);
    const all = (await articles.find({
      sort: 'publishedAt:desc',
      pagination: { page: 1, pageSize: 5 },
    })) as unknown as {
      data: Entry[];
      meta: { pagination: { page: number; pageSize: number; total: number } };
    };
    expect(all.data.length).toBeGreaterThan(0);
    expect(all.meta.pagination).toMatchObject({ page: 1, pageSize: 5 });
    const slug = all.data[0]!.attributes.slug as string;

    const one = (await articles.find({ filters: { slug: { $eq: slug } } })) as unknown as { data: Entry[] };
    expect(one.data).toHaveLength(1);
    expect(one.data[0]!.attributes).toMatchObject({ slug, title: expect.any(String) });
  });

  it('reads the terms in force: newest versionTimestamp first, page size 1', async () => {
    const terms = (await client.collection(`${CONTENT_PRODUCT}-terms-and-conditions`).find({
      sort: 'versionTimestamp:desc',
      pagination: { page: 1, pageSize: 1 },
    })) as unknown as { data: Entry[] };
    expect(terms.data).toHaveLength(1);
    expect(terms.data[0]!.attributes).toMatchObject({
      versionTimestamp: expect.any(String),
      content: expect.any(String),
    });
  });

  it('reads the interface copy as a single type', async () => {
    const copy = (await client.single(`${CONTENT_PRODUCT}-copy.json`).find()) as unknown as Record<
      string,
      unknown
    >;
    expect(typeof copy).toBe('object');
    expect(Object.keys(copy).length).toBeGreaterThan(0);
  });

  it("gets Strapi's error shape for an unknown query key, which the client turns into its own error", async () => {
    await expect(
      client.collection(`${CONTENT_PRODUCT}-articles`).find({ nonsense: 'x' } as never),
    ).rejects.toThrow();
  });
});
