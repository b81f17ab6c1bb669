import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-messages';

const firstMessage = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]?.message;
};

describe('generic validation messages (spec §5)', () => {
  it('says Required for a missing value', () => {
    expect(firstMessage(z.object({ name: z.string() }), {})).toBe('Required');
  });
  it('names the expected and received types', () => {
    expect(firstMessage(z.string(), 42)).toBe('Expected string, received number');
    expect(firstMessage(z.number(), 'x')).toBe('Expected number, received string');
  });
  it('says Invalid email', () => {
    expect(firstMessage(z.email(), 'not-an-email')).toBe('Invalid email');
  });
  it('counts characters and numbers', () => {
    expect(firstMessage(z.string().min(3), 'ab')).toBe('String must contain at least 3 character(s)');
    expect(firstMessage(z.number().min(1), 0)).toBe('Number must be greater than or equal to 1');
  });
  it('names what is wanted where the spec has no words for it', () => {
    expect(firstMessage(z.enum(['a', 'b']), 'c')).toBe('Expected one of: "a", "b"');
    expect(firstMessage(z.uuid(), 'x')).toBe('Expected an id (a UUID)');
    expect(firstMessage(z.iso.datetime(), 'soon')).toBe(
      'Expected a date and time, such as 2026-01-31T09:00:00Z',
    );
    expect(firstMessage(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(
      'Unrecognized field(s): b',
    );
    expect(firstMessage(z.coerce.number(), 'abc')).toBe('Expected number, received string');
  });
  it('says Invalid input for anything else', () => {
    expect(firstMessage(z.string().regex(/^a$/), 'b')).toBe('Invalid input');
  });
  it("keeps a schema's own message", () => {
    expect(firstMessage(z.string().email('Email is not valid'), 'x')).toBe('Email is not valid');
  });
});
