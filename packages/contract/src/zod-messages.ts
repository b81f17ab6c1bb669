import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const typeOf = (input: unknown): string => {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  // A coerced query parameter that is not a number arrives as NaN: what the caller sent was text.
  if (typeof input === 'number' && Number.isNaN(input)) return 'string';
  return typeof input;
};

const formatMessages: Record<string, string> = {
  uuid: 'Expected an id (a UUID)',
  guid: 'Expected an id (a UUID)',
  datetime: 'Expected a date and time, such as 2026-01-31T09:00:00Z',
  date: 'Expected a date, such as 2026-01-31',
  time: 'Expected a time, such as 09:00',
  url: 'Expected a web address, such as https://example.org',
};

const listed = (values: readonly unknown[]) => {
  const shown = values.slice(0, 8).map((value) => JSON.stringify(value));
  return values.length > 8 ? `${shown.join(', ')}, …` : shown.join(', ');
};

/**
 * The generic messages of spec §5, word for word, for every schema on both sides.
 * A schema's own message (e.g. 'Email is not valid') always wins over these.
 */
export function genericMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return `Expected ${issue.expected}, received ${typeOf(issue.input)}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Invalid email';
      return formatMessages[issue.format] ?? 'Invalid input';
    case 'invalid_value':
      return `Expected one of: ${listed(issue.values)}`;
    case 'unrecognized_keys':
      return `Unrecognized field(s): ${issue.keys.slice(0, 5).join(', ')}`;
    case 'invalid_union':
      return 'Expected one of the accepted forms of this field';
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') return `String must contain at least ${minimum} character(s)`;
      if (issue.origin === 'number' || issue.origin === 'int')
        return issue.inclusive === false
          ? `Number must be greater than ${minimum}`
          : `Number must be greater than or equal to ${minimum}`;
      if (issue.origin === 'array') return `Array must contain at least ${minimum} element(s)`;
      return 'Invalid input';
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return `String must contain at most ${maximum} character(s)`;
      if (issue.origin === 'number' || issue.origin === 'int')
        return issue.inclusive === false
          ? `Number must be less than ${maximum}`
          : `Number must be less than or equal to ${maximum}`;
      if (issue.origin === 'array') return `Array must contain at most ${maximum} element(s)`;
      return 'Invalid input';
    }
    default:
      return 'Invalid input';
  }
}

z.config({ customError: genericMessage });
