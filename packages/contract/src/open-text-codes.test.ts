import { describe, expect, it } from 'vitest';
import {
  CODE_LABEL_CONTROL,
  CODE_LABEL_EMPTY,
  CODE_LABEL_TOO_LONG,
  codedQuestionOf,
  codeLabelSchema,
  codesKey,
} from './open-text-codes';
import { NUL_MESSAGE, UNICODE_MESSAGE } from './safe-input';

const problem = (label: unknown) => {
  const parsed = codeLabelSchema.safeParse(label);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('a code’s name (decision 046)', () => {
  it('is trimmed, and up to 80 characters (not UTF-16 units) are kept', () => {
    expect(codeLabelSchema.parse('  Too much homework ')).toBe('Too much homework');
    expect(problem('😀'.repeat(80))).toBeNull();
    expect(problem('😀'.repeat(81))).toBe(CODE_LABEL_TOO_LONG);
  });

  it('is refused in words when empty, unreadable or with control characters', () => {
    expect(problem('   ')).toBe(CODE_LABEL_EMPTY);
    expect(problem(undefined)).toBe(CODE_LABEL_EMPTY);
    expect(problem('Bus\u0000')).toBe(NUL_MESSAGE);
    expect(problem('Bus \ud800')).toBe(UNICODE_MESSAGE);
    expect(problem('Bus\ntimes')).toBe(CODE_LABEL_CONTROL);
  });
});

describe('the key of a question’s codes', () => {
  it('names the question it codes, and nothing else', () => {
    expect(codedQuestionOf(codesKey('q-1'))).toBe('q-1');
    expect(codedQuestionOf('q-1')).toBeNull();
    expect(codedQuestionOf('.codes')).toBeNull();
    expect(codedQuestionOf('q-1.other')).toBeNull();
  });
});
