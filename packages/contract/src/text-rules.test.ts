import { describe, expect, it } from 'vitest';
import { storableText, textProblem } from './text-rules';

describe('a written answer as the server takes it', () => {
  it('drops NUL characters and mends broken halves of characters, leaving the rest as written', () => {
    expect(storableText('I want to die\u0000')).toBe('I want to die');
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('ok \uD83D then')).toBe('ok \uFFFD then');
    expect(storableText('\uDC00')).toBe('\uFFFD');
    expect(storableText('fine 😊 thanks')).toBe('fine 😊 thanks');
    for (const text of ['a\u0000\uD800b', '\uDFFF\uD83D', '\u0000'])
      expect(textProblem(storableText(text))).toBeNull();
  });
});
