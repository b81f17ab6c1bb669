import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * The one shape a stored body takes: the shape the staff editor (Tiptap with StarterKit, inline Image and
 * TableKit, apps/web/src/features/content-admin/editor/extensions.ts) gives back when it opens a body and
 * saves it. It is what ProseMirror's parser does to HTML, for the tags the sanitiser keeps:
 * - inline content outside a block becomes a paragraph; list items, quotes and table cells hold blocks
 *   (a list item starts with a paragraph);
 * - marks nest in one order (link, bold, code, italic, strike, underline) and code excludes the others;
 * - whitespace collapses as a browser shows it, and is trimmed at the start and end of a block;
 * - a table is rows of header or data cells (thead and tfoot rows join the body), colspan and rowspan
 *   only when above 1.
 * So a body the API stores survives being opened and saved in the editor unchanged
 * (rich-text-round-trip.test.ts in the web app runs the real editor on it).
 */

type MarkName = 'link' | 'bold' | 'code' | 'italic' | 'strike' | 'underline';
interface Mark {
  name: MarkName;
  href?: string;
}
type Inline =
  | { kind: 'text'; text: string; marks: Mark[] }
  | { kind: 'br'; marks: Mark[] }
  | { kind: 'img'; attributes: [string, string][]; marks: Mark[] };
interface Cell {
  header: boolean;
  colspan: number;
  rowspan: number;
  blocks: Block[];
}
type Block =
  | { kind: 'p'; inline: Inline[] }
  | { kind: 'h'; level: number; inline: Inline[] }
  | { kind: 'ul' | 'ol'; items: Block[][] }
  | { kind: 'blockquote'; blocks: Block[] }
  | { kind: 'pre'; text: string }
  | { kind: 'hr' }
  | { kind: 'table'; rows: Cell[][] };

const markRank: Record<MarkName, number> = { link: 0, bold: 1, code: 2, italic: 3, strike: 4, underline: 5 };
const markTags: Record<string, MarkName> = {
  strong: 'bold',
  em: 'italic',
  u: 'underline',
  s: 'strike',
  code: 'code',
};
const blockTags = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'hr',
  'table',
]);
const imageAttributes = ['src', 'alt', 'title', 'width', 'height'];
const space = /[ \t\r\n\f]+/g;

const sameMark = (a: Mark, b: Mark) => a.name === b.name && a.href === b.href;

/** ProseMirror's Mark.addToSet: code excludes every other mark, a link replaces an outer link. */
function addMark(marks: Mark[], mark: Mark): Mark[] {
  if (marks.some((other) => other.name === 'code')) return marks;
  if (mark.name === 'code') return [mark];
  if (marks.some((other) => sameMark(other, mark))) return marks;
  return [...marks.filter((other) => other.name !== mark.name), mark].sort(
    (a, b) => markRank[a.name] - markRank[b.name],
  );
}

function markOf(element: Element): Mark | null {
  if (element.name === 'a') return element.attribs.href ? { name: 'link', href: element.attribs.href } : null;
  const name = markTags[element.name];
  return name ? { name } : null;
}

const isElement = (node: ChildNode): node is Element => node.type === 'tag';

function textContent(node: ChildNode): string {
  if (node.type === 'text') return node.data;
  if (isElement(node)) return node.children.map(textContent).join('');
  return '';
}

/** A run of inline content being gathered into one textblock, with ProseMirror's whitespace rules. */
class InlineRun {
  readonly items: Inline[] = [];
  constructor(readonly forced = false) {}

  text(raw: string, marks: Mark[]) {
    let value = raw.replace(space, ' ');
    const last = this.items.at(-1);
    if (
      value.startsWith(' ') &&
      (!last || last.kind === 'br' || (last.kind === 'text' && last.text.endsWith(' ')))
    ) {
      value = value.slice(1);
    }
    if (!value) return;
    if (last?.kind === 'text' && sameMarks(last.marks, marks)) last.text += value;
    else this.items.push({ kind: 'text', text: value, marks });
  }

  add(item: Inline) {
    this.items.push(item);
  }

  /** The trailing whitespace of the last text goes, as ProseMirror's parser drops it. */
  finish(): Inline[] {
    const last = this.items.at(-1);
    if (last?.kind === 'text') {
      last.text = last.text.replace(/[ \t\r\n\f]+$/, '');
      if (!last.text) this.items.pop();
    }
    return this.items;
  }
}

const sameMarks = (a: Mark[], b: Mark[]) =>
  a.length === b.length && a.every((mark, i) => sameMark(mark, b[i] as Mark));

function imageOf(element: Element, marks: Mark[]): Inline {
  const attributes: [string, string][] = [];
  for (const name of imageAttributes) {
    const value = element.attribs[name];
    if (value === undefined) continue;
    if ((name === 'width' || name === 'height') && !/^\d{1,5}$/.test(value)) continue;
    attributes.push([name, value]);
  }
  return { kind: 'img', attributes, marks };
}

/** Inline content only (a heading's): blocks inside it give up their structure, as in the editor. */
function gatherInline(nodes: ChildNode[], marks: Mark[], run: InlineRun) {
  for (const node of nodes) {
    if (node.type === 'text') run.text(node.data, marks);
    else if (isElement(node)) {
      if (node.name === 'br') run.add({ kind: 'br', marks });
      else if (node.name === 'img') run.add(imageOf(node, marks));
      else {
        const mark = markOf(node);
        gatherInline(node.children, mark ? addMark(marks, mark) : marks, run);
      }
    }
  }
}

/** Blocks of a flow: the document, a list item, a quote or a table cell. */
class Flow {
  readonly blocks: Block[] = [];
  private run: InlineRun | null = null;

  flush() {
    if (!this.run) return;
    const inline = this.run.finish();
    if (inline.length > 0 || this.run.forced) this.blocks.push({ kind: 'p', inline });
    this.run = null;
  }

  walk(nodes: ChildNode[], marks: Mark[]) {
    for (const node of nodes) {
      if (node.type === 'text') {
        if (this.run || /[^ \t\r\n\f]/.test(node.data)) {
          this.run ??= new InlineRun();
          this.run.text(node.data, marks);
        }
      } else if (isElement(node)) this.element(node, marks);
    }
  }

  private element(element: Element, marks: Mark[]) {
    const name = element.name;
    if (name === 'br' || name === 'img') {
      this.run ??= new InlineRun();
      this.run.add(name === 'br' ? { kind: 'br', marks } : imageOf(element, marks));
      return;
    }
    if (!blockTags.has(name)) {
      // A mark (or a stray table part): its content stays in this flow, with the mark added.
      const mark = markOf(element);
      this.walk(element.children, mark ? addMark(marks, mark) : marks);
      return;
    }
    this.flush();
    if (name === 'p') {
      this.run = new InlineRun(true);
      this.walk(element.children, marks);
      this.flush();
    } else if (/^h[2-6]$/.test(name)) {
      const run = new InlineRun();
      gatherInline(element.children, marks, run);
      const inline = run.finish();
      // An empty heading shows nothing but a blank entry in the table of contents, and the editor
      // saves a body of only that as empty (found by the round-trip property): it goes.
      if (inline.length > 0) this.blocks.push({ kind: 'h', level: Number(name.slice(1)), inline });
    } else if (name === 'ul' || name === 'ol') {
      const items = listItems(element, marks);
      if (items.length > 0) this.blocks.push({ kind: name, items });
    } else if (name === 'blockquote') {
      const blocks = flowOf(element.children, marks);
      // An empty quote, like an empty list item, shows nothing and does not stay put in the editor.
      if (!blocks.every(isEmptyParagraph)) this.blocks.push({ kind: 'blockquote', blocks });
    } else if (name === 'pre') {
      this.blocks.push({ kind: 'pre', text: textContent(element) });
    } else if (name === 'hr') {
      this.blocks.push({ kind: 'hr' });
    } else if (name === 'table') {
      const rows = tableRows(element, marks);
      if (rows.length > 0) this.blocks.push({ kind: 'table', rows });
    }
  }
}

/** A flow that cannot be empty: it holds at least an empty paragraph. */
function flowOf(nodes: ChildNode[], marks: Mark[]): Block[] {
  const flow = new Flow();
  flow.walk(nodes, marks);
  flow.flush();
  if (flow.blocks.length === 0) flow.blocks.push({ kind: 'p', inline: [] });
  return flow.blocks;
}

function listItems(list: Element, marks: Mark[]): Block[][] {
  const items: Block[][] = [];
  let loose: ChildNode[] = [];
  const takeLoose = () => {
    if (loose.some((node) => isElement(node) || /[^ \t\r\n\f]/.test(textContent(node)))) {
      items.push(itemOf(loose, marks));
    }
    loose = [];
  };
  for (const node of list.children) {
    if (isElement(node) && node.name === 'li') {
      takeLoose();
      items.push(itemOf(node.children, marks));
    } else loose.push(node);
  }
  takeLoose();
  // An empty item shows nothing but a bullet, and the editor does not keep it in place (it lifts the
  // first of two empty items out of the list): such items are dropped, and a list of them with them.
  return items.filter((item) => !item.every(isEmptyParagraph));
}

function isEmptyParagraph(block: Block): boolean {
  return block.kind === 'p' && block.inline.length === 0;
}

/** A list item starts with a paragraph (an empty one when it starts with another block). */
function itemOf(nodes: ChildNode[], marks: Mark[]): Block[] {
  const blocks = flowOf(nodes, marks);
  if (blocks[0]?.kind !== 'p') blocks.unshift({ kind: 'p', inline: [] });
  return blocks;
}

const span = (value: string | undefined) => {
  const number = /^\d{1,3}$/.test(value ?? '') ? Number(value) : 1;
  return number >= 1 ? number : 1;
};

function tableRows(table: Element, marks: Mark[]): Cell[][] {
  const rows: Cell[][] = [];
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue;
      if (node.name === 'tr') {
        const cells = node.children.filter(isElement).flatMap((cell): Cell[] =>
          cell.name === 'th' || cell.name === 'td'
            ? [
                {
                  header: cell.name === 'th',
                  colspan: span(cell.attribs.colspan),
                  rowspan: span(cell.attribs.rowspan),
                  blocks: flowOf(cell.children, marks),
                },
              ]
            : [],
        );
        if (cells.length > 0) rows.push(cells);
      } else if (node.name === 'thead' || node.name === 'tbody' || node.name === 'tfoot')
        visit(node.children);
    }
  };
  visit(table.children);
  return rows;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
const isExternal = (href: string) => /^https?:\/\//i.test(href);

function openMark(mark: Mark): string {
  if (mark.name !== 'link') return `<${markTag[mark.name]}>`;
  const href = mark.href ?? '';
  return isExternal(href)
    ? `<a href="${escapeAttribute(href)}" rel="noopener noreferrer" target="_blank">`
    : `<a href="${escapeAttribute(href)}">`;
}
const markTag: Record<MarkName, string> = {
  link: 'a',
  bold: 'strong',
  code: 'code',
  italic: 'em',
  strike: 's',
  underline: 'u',
};

/** ProseMirror's DOMSerializer: marks that the next item shares stay open, in rank order. */
function inlineHtml(items: Inline[]): string {
  let html = '';
  const open: Mark[] = [];
  for (const item of items) {
    let keep = 0;
    while (
      keep < open.length &&
      keep < item.marks.length &&
      sameMark(open[keep] as Mark, item.marks[keep] as Mark)
    ) {
      keep += 1;
    }
    while (open.length > keep) html += `</${markTag[(open.pop() as Mark).name]}>`;
    for (const mark of item.marks.slice(keep)) {
      html += openMark(mark);
      open.push(mark);
    }
    if (item.kind === 'text') html += escapeText(item.text);
    else if (item.kind === 'br') html += '<br />';
    else {
      html += `<img${item.attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')} />`;
    }
  }
  while (open.length > 0) html += `</${markTag[(open.pop() as Mark).name]}>`;
  return html;
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'p':
      return `<p>${inlineHtml(block.inline)}</p>`;
    case 'h':
      return `<h${block.level}>${inlineHtml(block.inline)}</h${block.level}>`;
    case 'ul':
    case 'ol':
      return `<${block.kind}>${block.items.map((item) => `<li>${item.map(blockHtml).join('')}</li>`).join('')}</${block.kind}>`;
    case 'blockquote':
      return `<blockquote>${block.blocks.map(blockHtml).join('')}</blockquote>`;
    case 'pre':
      return `<pre><code>${escapeText(block.text)}</code></pre>`;
    case 'hr':
      return '<hr />';
    case 'table':
      return `<table><tbody>${block.rows
        .map(
          (row) =>
            `<tr>${row
              .map((cell) => {
                const tag = cell.header ? 'th' : 'td';
                const spans = `${cell.colspan > 1 ? ` colspan="${cell.colspan}"` : ''}${cell.rowspan > 1 ? ` rowspan="${cell.rowspan}"` : ''}`;
                return `<${tag}${spans}>${cell.blocks.map(blockHtml).join('')}</${tag}>`;
              })
              .join('')}</tr>`,
        )
        .join('')}</tbody></table>`;
  }
}

/** Sanitised HTML in the editor's shape; an empty document (or one empty paragraph) is ''. */
export function shapeRichText(html: string): string {
  const flow = new Flow();
  flow.walk(parseDocument(html).children, []);
  flow.flush();
  const only = flow.blocks[0];
  if (flow.blocks.length === 1 && only?.kind === 'p' && only.inline.length === 0) return '';
  return flow.blocks.map(blockHtml).join('');
}
