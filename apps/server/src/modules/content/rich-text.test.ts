import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectMedia, safeMediaName } from './media';
import { estimateReadingMinutes, sanitizeRichText } from './rich-text';
import { createLocalMediaStorage } from './storage';

describe('sanitizeRichText', () => {
  it('drops empty list items, quotes and headings, which show nothing and which the editor moves (found by the round-trip property)', () => {
    expect(sanitizeRichText('<ol><li></li><li></li></ol>')).toBe('');
    expect(sanitizeRichText('<blockquote></blockquote><blockquote></blockquote>')).toBe('');
    expect(sanitizeRichText('<ul><li>Age</li><li></li></ul>')).toBe('<ul><li><p>Age</p></li></ul>');
    expect(sanitizeRichText('<h6></h6>')).toBe('');
    expect(sanitizeRichText('<h2>Method</h2><h3></h3><p>Text</p>')).toBe(
      '<h2 id="method">Method</h2><p>Text</p>',
    );
  });

  it.each([
    ['script tags', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['event handlers', '<p onclick="steal()">Hi</p>', '<p>Hi</p>'],
    ['javascript: links', '<a href="javascript:alert(1)">x</a>', '<p>x</p>'],
    ['protocol-relative links', '<a href="//evil.example">x</a>', '<p>x</p>'],
    [
      'styles and iframes',
      '<style>p{}</style><iframe src="https://x"></iframe><p style="color:red">a</p>',
      '<p>a</p>',
    ],
    ['svg', '<svg><script>alert(1)</script></svg><p>a</p>', '<p>a</p>'],
    ['foreign images', '<img src="http://x/a.png"><img src="data:image/png;base64,AA">', ''],
    ['NUL bytes', '<p>a\u0000b</p>', '<p>ab</p>'],
  ])('removes %s', (_name, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('keeps safe markup and marks external links', () => {
    expect(
      sanitizeRichText(
        '<p><strong>a</strong> <em>b</em> <a href="https://example.org">c</a> <a href="/research">d</a></p>',
      ),
    ).toBe(
      '<p><strong>a</strong> <em>b</em> <a href="https://example.org" rel="noopener noreferrer" target="_blank">c</a> <a href="/research">d</a></p>',
    );
    expect(
      sanitizeRichText('<img src="/cms/uploads/0123456789abcdef/a.png" alt="Chart" onerror="x()">'),
    ).toBe('<p><img src="/cms/uploads/0123456789abcdef/a.png" alt="Chart" /></p>');
    expect(sanitizeRichText('<table><tr><td>1</td></tr></table>')).toBe(
      '<table><tbody><tr><td><p>1</p></td></tr></tbody></table>',
    );
  });

  it("stores a body in the editor's shape, so opening and saving it changes nothing", () => {
    // Images keep alt, title and size; tables keep header cells and spans; thead rows join the body.
    expect(
      sanitizeRichText(
        '<p>See <img src="/cms/uploads/0123456789abcdef/a.png" alt="Chart" width="640" height="x" style="a"></p>' +
          '<table><caption>Ages</caption><thead><tr><th scope="col">Age</th><th>Share</th></tr></thead>' +
          '<tbody><tr><td colspan="1">16</td><td rowspan="2">40%</td></tr></tbody></table>',
      ),
    ).toBe(
      '<p>See <img src="/cms/uploads/0123456789abcdef/a.png" alt="Chart" width="640" /></p>' +
        '<table><tbody><tr><th><p>Age</p></th><th><p>Share</p></th></tr><tr><td><p>16</p></td><td rowspan="2"><p>40%</p></td></tr></tbody></table>',
    );
    // Marks nest in one order, loose text becomes a paragraph, a list item starts with one.
    expect(sanitizeRichText('loose <em><strong>a</strong></em><ul><li><ul><li>b</li></ul></li></ul>')).toBe(
      '<p>loose <strong><em>a</em></strong></p><ul><li><p></p><ul><li><p>b</p></li></ul></li></ul>',
    );
    expect(sanitizeRichText('<p></p>')).toBe('');
  });

  it('adds stable, de-duplicated ids to headings', () => {
    expect(
      sanitizeRichText(
        '<h2 id="evil">What teens <em>said</em></h2><h3>Money &amp; work</h3><h2>What teens said</h2><h1>Top</h1>',
      ),
    ).toBe(
      '<h2 id="what-teens-said">What teens <em>said</em></h2><h3 id="money-and-work">Money &amp; work</h3><h2 id="what-teens-said-2">What teens said</h2><h2 id="top">Top</h2>',
    );
  });

  it('estimates reading time at 200 words a minute, at least one', () => {
    expect(estimateReadingMinutes('<p>Short.</p>')).toBe(1);
    expect(estimateReadingMinutes(`<p>${'word '.repeat(401)}</p>`)).toBe(3);
  });
});

describe('media', () => {
  it('detects types by content and reads dimensions', () => {
    const gif = Buffer.from('474946383961050007000000', 'hex');
    expect(detectMedia(gif)).toMatchObject({ mime: 'image/gif', width: 5, height: 7 });
    // A baseline JPEG: SOI, APP0 (length 16), SOF0 with height 4 and width 6.
    const jpeg = Buffer.from(`ffd8ffe000104a46494600010100000100010000ffc0000b080004000601011100ffd9`, 'hex');
    expect(detectMedia(jpeg)).toMatchObject({ mime: 'image/jpeg', width: 6, height: 4 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    expect(detectMedia(webp)).toMatchObject({ mime: 'image/webp', width: 100, height: 50 });
    expect(detectMedia(Buffer.from('<svg/>'))).toBeNull();
    expect(safeMediaName('../../Étude Finale!!.PNG', 'png')).toBe('etude-finale.png');
  });

  it('stores, reads and deletes local files, refusing unsafe keys', async () => {
    const storage = createLocalMediaStorage(mkdtempSync(join(tmpdir(), 'tv-media-')));
    await storage.put('0123456789abcdef/a.png', Buffer.from('x'), 'image/png');
    expect((await storage.get('0123456789abcdef/a.png'))?.toString()).toBe('x');
    await storage.delete('0123456789abcdef/a.png');
    expect(await storage.get('0123456789abcdef/a.png')).toBeNull();
    await expect(storage.get('../secret')).rejects.toThrow();
  });
});
