import { describe, expect, it } from 'vitest';
import { headTags, structuredDataTag } from './server-render';

const PUBLIC = 'https://teenvoice.example';
const ldJson = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

describe('JSON-LD in the head', () => {
  it('cannot be broken out of by a title holding </script>, <!-- or line separators, and parses back unchanged', () => {
    const headline = 'Teens </script><script>alert(1)</script> <!-- say \u2028 “no” & more';
    const tag = structuredDataTag({ '@type': 'Article', headline }, PUBLIC);
    expect(tag.match(/<\/script/gi)).toHaveLength(1);
    expect(tag).not.toContain('<!--');
    expect(tag).not.toContain('\u2028');
    const [json] = ldJson(tag);
    expect(JSON.parse(json!)).toEqual({ '@type': 'Article', headline });
  });

  it('writes a report’s Product and Offer with absolute URLs into the head tags', () => {
    const html = headTags(
      {
        title: 'Teens and money',
        description: 'A report',
        type: 'article',
        structuredData: {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Teens and money',
          image: '/cms/uploads/abc/cover.png',
          url: '/research/reports/teens-and-money',
          offers: {
            '@type': 'Offer',
            price: '499.00',
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
            url: '/research/reports/teens-and-money',
          },
        },
      },
      '/research/reports/teens-and-money',
      PUBLIC,
      200,
    );
    const [json] = ldJson(html);
    const data = JSON.parse(json!);
    expect(data).toMatchObject({
      '@type': 'Product',
      image: `${PUBLIC}/cms/uploads/abc/cover.png`,
      url: `${PUBLIC}/research/reports/teens-and-money`,
      offers: { price: '499.00', priceCurrency: 'USD', url: `${PUBLIC}/research/reports/teens-and-money` },
    });
  });

  it('writes nothing for a page without structured data', () => {
    expect(headTags({ title: 'Contact us', description: 'x' }, '/contact', PUBLIC, 200)).not.toContain(
      'ld+json',
    );
  });
});
