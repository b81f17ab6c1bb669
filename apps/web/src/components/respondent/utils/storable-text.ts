/**
 * A written answer as the server will take it: without NUL characters (invisible, so a teen could
 * never find one to retype) and with a broken half of a character as U+FFFD. The server refuses both
 * at its door (plugins/safe-input); a pasted answer that carries one would otherwise be refused at
 * 'Send my answers', and its safeguarding check refused before that.
 */
export function storableText(value: string): string {
  return value
    .replaceAll('\u0000', '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
