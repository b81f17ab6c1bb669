import type { ChoiceOption } from '@tv/contract';
import { newOption } from './questions';

export interface PastedOptions {
  items: ChoiceOption[];
  /** How many pasted lines became options. */
  added: number;
  /** Lines left out because the list was full. */
  leftOut: number;
  /** Said at the field (and to screen readers) when lines were left out; null when all fit. */
  message: string | null;
  /** The option the cursor goes to: the last one filled. */
  focusId: string | null;
}

/** A list marker at the start of a pasted line ('• ', '- ', '* '), which is not part of the option. */
const marker = /^[•·\-*–]\s+/;

/** The lines of a pasted text, trimmed, without list markers and without empty lines. */
export function pastedLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim().replace(marker, '').trim())
    .filter((line) => line.length > 0);
}

/**
 * Pasting several lines into an option field makes one option per line: the field pasted into and
 * the empty fields right after it are filled first, the other lines come next in order. Past `max`,
 * the extra lines are left out and said so. A single line is an ordinary paste: null.
 */
export function pasteOptions(
  items: readonly ChoiceOption[],
  index: number,
  text: string,
  max: number,
  itemName = 'Option',
): PastedOptions | null {
  if (!/[\r\n]/.test(text.trim())) return null;
  const lines = pastedLines(text);
  if (lines.length < 2) return null;
  const target = items[index];
  const next = [...items];
  let at = target ? index : next.length;
  let added = 0;
  let focusId: string | null = null;
  // Empty fields from the one pasted into onwards take lines first.
  while (added < lines.length && next[at] && !next[at]!.label.trim()) {
    const filled: ChoiceOption = { ...next[at]!, label: lines[added]! };
    next[at] = filled;
    focusId = filled.id;
    added += 1;
    at += 1;
  }
  if (added === 0 && target) at = index + 1;
  const room = Math.max(0, max - next.length);
  const rest = lines.slice(added, added + room).map((label) => newOption(label));
  next.splice(at, 0, ...rest);
  if (rest.length) focusId = rest[rest.length - 1]!.id;
  added += rest.length;
  const leftOut = lines.length - added;
  const plural = itemName.toLowerCase();
  return {
    items: next,
    added,
    leftOut,
    message:
      leftOut > 0
        ? `${added} of ${lines.length} lines were added: a question has at most ${max} ${plural}s, so the last ${leftOut === 1 ? 'line was' : `${leftOut} lines were`} left out.`
        : null,
    focusId,
  };
}
