import type { ReportAttributes } from '@tv/contract';

// What the report PDF reads from the report's own content: the figure each finding leads with, the
// percentages a finding states (the only numbers its charts show), the margin of error the method
// states, and the description's HTML as headings, paragraphs and bullets.

// ── Numbers in the findings ─────────────────────────────────────────────────────────────────────

export interface FindingFigure {
  /** What is printed large: '71%', '1 in 5', '$640', '52'. */
  value: string;
  /** Words that belong to it: 'minutes', 'a month', 'active group chats'. */
  unit: string | null;
  /** Whether the figure is a percentage (these make the headline chart). */
  percent: boolean;
}

const UNIT_WORDS =
  'minutes?|hours?|days?|weeks?|months?|years?|brands?|chats?|times|apps?|friends?|hours? a week|dollars';

/**
 * The figure a finding leads with: the first percentage, 'N in M', dollar amount or counted quantity
 * in its text. Ranges of ages ('13–19') and years are not figures. Null when the text has none.
 */
export function findingFigure(text: string): FindingFigure | null {
  const candidates: Array<{ index: number; length: number; figure: FindingFigure }> = [];
  const add = (pattern: RegExp, make: (match: RegExpExecArray) => FindingFigure) => {
    const match = pattern.exec(text);
    if (match) candidates.push({ index: match.index, length: match[0].length, figure: make(match) });
  };
  add(/(?<![\d.])(\d+(?:\.\d+)?)\s?%/, (m) => ({ value: `${m[1]}%`, unit: null, percent: true }));
  add(/(?<![\d–-])\b(\d+) in (\d+)\b(?![\d–-])/, (m) => ({
    value: `${m[1]} in ${m[2]}`,
    unit: null,
    percent: false,
  }));
  add(/\$(\d[\d,]*(?:\.\d+)?)(?:\s+(a (?:day|week|month|year)))?/, (m) => ({
    value: `$${m[1]}`,
    unit: m[2] ?? null,
    percent: false,
  }));
  add(/(?<![\d–-])\b(\d+) hours? (\d+) minutes?\b/, (m) => ({
    value: `${m[1]}h ${m[2]}m`,
    unit: null,
    percent: false,
  }));
  add(
    new RegExp(`(?<![\\d–.-])\\b(\\d+(?:\\.\\d+)?)\\s+((?:[a-z-]+\\s+){0,2}?(?:${UNIT_WORDS}))\\b(?![–-])`),
    (m) => ({ value: m[1] ?? '', unit: m[2] ?? null, percent: false }),
  );
  candidates.sort((a, b) => a.index - b.index || b.length - a.length);
  return candidates[0]?.figure ?? null;
}

export interface FindingPercentage {
  value: number;
  label: string;
}

const LEADING_CONNECTORS =
  /^(?:and|but|yet|while|or|ahead of|followed by|compared with|up from|down from|only|just|of)\s+/i;
const TRAILING_CONNECTORS = /\s+(?:and|but|yet|while|or|do|does|did|the figure is|it is|is|are|was|were)$/i;
/** Words that start a condition a percentage only holds under ('where …', 'among …'). */
const QUALIFIER = /^(?:where|among|when|if|in|for|of those)\b/i;
const BOUNDARY = /; |: |, |\. (?=[A-Z"“])/g;

function cleanLabel(raw: string): string {
  let label = raw.replace(/\s+/g, ' ').trim();
  label = label.replace(/^[,;:.\s]+|[,;:.\s]+$/g, '');
  for (let previous = ''; previous !== label; ) {
    previous = label;
    label = label.replace(LEADING_CONNECTORS, '').replace(TRAILING_CONNECTORS, '').trim();
  }
  return label.replace(
    /^(["“‘']?)(\p{Ll})/u,
    (_, quote: string, letter: string) => quote + letter.toUpperCase(),
  );
}

/** Index just after the last boundary (', ', '; ', ': ', sentence end) in text[from, to). */
function boundaryBefore(text: string, from: number, to: number): number {
  let start = from;
  for (const match of text.slice(from, to).matchAll(BOUNDARY)) start = from + match.index + match[0].length;
  return start;
}

/** Index of the first boundary in text[from, to), or `to`. */
function boundaryAfter(text: string, from: number, to: number): number {
  const match = new RegExp(BOUNDARY.source).exec(text.slice(from, to));
  return match ? from + match.index : to;
}

/**
 * Every percentage a finding states, with the words the text attaches to it: '44% name group chats'
 * gives 'Name group chats'; 'school safety (37%)' gives 'School safety'. A parenthesis comparing two
 * numbers ('(46% vs. 23%)') names neither group, so those are left out rather than guessed.
 */
export function findingPercentages(text: string): FindingPercentage[] {
  const matches = [...text.matchAll(/(?<![\d.])(\d+(?:\.\d+)?)\s?%/g)];
  const found: FindingPercentage[] = [];
  let previousEnd = 0;
  matches.forEach((match, position) => {
    const start = match.index;
    const end = start + match[0].length;
    const nextStart = matches[position + 1]?.index ?? text.length;
    const open = text.lastIndexOf('(', start);
    const inParenthesis = open !== -1 && open > text.lastIndexOf(')', start);
    let label = '';
    let consumedTo = end;
    if (inParenthesis) {
      const close = text.indexOf(')', end);
      const inner = text.slice(open + 1, close === -1 ? text.length : close).trim();
      consumedTo = close === -1 ? text.length : close + 1;
      if (inner === match[0].trim()) {
        label = cleanLabel(text.slice(boundaryBefore(text, previousEnd, open), open));
      }
    } else {
      label = cleanLabel(text.slice(end, boundaryAfter(text, end, nextStart)));
      const clauseStart = boundaryBefore(text, previousEnd, start);
      if (label.length < 3) {
        label = cleanLabel(text.slice(clauseStart, start));
      } else {
        // 'where phones charge outside the bedroom, 64% of teens …': the condition belongs to the bar.
        const lead = cleanLabel(text.slice(clauseStart, start));
        const qualifier =
          lead || clauseStart <= previousEnd
            ? lead
            : cleanLabel(text.slice(boundaryBefore(text, previousEnd, clauseStart - 2), clauseStart - 2));
        if (QUALIFIER.test(qualifier))
          label = `${qualifier}, ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
      }
    }
    previousEnd = consumedTo;
    const value = Number(match[1]);
    if (label.length >= 3 && value >= 0 && value <= 100) found.push({ value, label });
  });
  return found;
}

/** The margin of error the method states, or the one a simple random sample of this size would have. */
export function marginOfError(methodology: ReportAttributes['methodology']): string {
  const stated = /±\s?(\d+(?:\.\d+)?)\s*percentage points?/.exec(methodology.method);
  if (stated) return `±${stated[1]} percentage points at the 95% confidence level`;
  const points = 1.96 * Math.sqrt(0.25 / methodology.sampleSize) * 100;
  return `±${points.toFixed(1)} percentage points at the 95% confidence level (for a simple random sample of this size)`;
}

// ── Rich text ───────────────────────────────────────────────────────────────────────────────────

interface Block {
  kind: 'heading' | 'paragraph' | 'bullet';
  text: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? whole;
  });
}

const plain = (html: string) =>
  decodeEntities(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/** The report's description (sanitised HTML) as headings, paragraphs and bullets. */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  for (const match of html.matchAll(/<(p|h[1-6]|li|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const tag = (match[1] ?? '').toLowerCase();
    const text = plain(match[2] ?? '');
    if (!text) continue;
    blocks.push({ kind: tag.startsWith('h') ? 'heading' : tag === 'li' ? 'bullet' : 'paragraph', text });
  }
  if (blocks.length === 0 && plain(html)) blocks.push({ kind: 'paragraph', text: plain(html) });
  return blocks;
}
