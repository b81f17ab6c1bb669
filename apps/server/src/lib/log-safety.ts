import pino from 'pino';

/**
 * Error log lines without the values people typed. A failed query's error carries its parameters
 * (emails, names, open-text answers) in its message, its stack and a `params` field, and PostgreSQL's
 * own error names the offending value in `detail` ("Key (email)=(…) already exists"). All of them are
 * dropped; the statement itself (with $1 placeholders), the error code, the table and the constraint stay,
 * which is what finding the fault needs.
 */
const valueFields = new Set(['params', 'parameters', 'detail', 'where', 'values']);
const paramsLine = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

const dataException = (value: object) =>
  typeof (value as { code?: unknown }).code === 'string' && (value as { code: string }).code.startsWith('22');

type Serialized = { [key: string]: unknown; type: string; message: string; stack: string };

function scrub(value: unknown, depth: number): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (valueFields.has(key)) continue;
    if ((key === 'message' || key === 'stack') && typeof field === 'string') {
      let text = field.replace(paramsLine, '\nparams: [not logged]');
      // A data exception (class 22) quotes the value it could not take: invalid input syntax for … "…".
      if (dataException(value)) text = text.replace(/"[^"\n]*"/g, '"[not logged]"');
      copy[key] = text;
    } else if (key === 'cause' || key === 'aggregateErrors') {
      copy[key] = Array.isArray(field)
        ? field.map((item) => scrub(item, depth + 1))
        : scrub(field, depth + 1);
    } else {
      copy[key] = field;
    }
  }
  return copy;
}

/** The logger's `err` serializer (buildApp): pino's own, then without any parameter values. */
export function safeErrorSerializer(error: Error): Serialized {
  return scrub(pino.stdSerializers.errWithCause(error), 0) as Serialized;
}
