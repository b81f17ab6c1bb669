import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const typeOf = (input: unknown): string => {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
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
      return 'Invalid input';
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
