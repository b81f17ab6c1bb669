/** UTF-8 helpers: everything the SPSS writers store is measured in UTF-8 bytes, not JavaScript characters. */

/** The number of bytes `text` takes in UTF-8. */
export function utf8ByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * Cuts `text` to at most `maxBytes` UTF-8 bytes without splitting a character (a code point): the
 * result is always valid UTF-8 and a prefix of `text`.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (utf8ByteLength(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = utf8ByteLength(char);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}
