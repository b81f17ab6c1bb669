import {
  englishHash,
  type Question,
  sourcesOf,
  type TranslatableText,
  translatableTexts,
  translationPlace,
  XLIFF_MAX_BYTES,
  xliffTooLargeMessage,
} from '@tv/contract';
import { SaxesParser } from 'saxes';

/**
 * A survey's texts as an XLIFF 2.0 file for a translator (decision 045): English source, Spanish
 * target, one <unit> per text with a readable, stable id and a note naming where the text is. The
 * import reads the file back with a strict XML parser and says in words what is wrong with it.
 */

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';

interface TranslatableSurvey {
  id: string;
  name: string;
  description: string | null;
  questions: readonly Question[];
}

/** An id as an NMTOKEN: letters, digits, '.', '-' stay; anything else (and '_') becomes _hex_. */
const token = (id: string) =>
  [...id].map((ch) => (/^[A-Za-z0-9.-]$/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}_`)).join('');

/** The unit id of a text: `survey-name`, `q-<questionId>-title`, `q-<questionId>-option-<optionId>`, … */
export function unitIdOf(text: Pick<TranslatableText, 'field' | 'questionId' | 'itemId'>): string {
  if (!text.questionId) return text.field === 'name' ? 'survey-name' : 'survey-description';
  const q = `q-${token(text.questionId)}`;
  switch (text.field) {
    case 'title':
      return `${q}-title`;
    case 'questionDescription':
      return `${q}-description`;
    case 'option':
      return `${q}-option-${token(text.itemId ?? '')}`;
    case 'row':
      return `${q}-statement-${token(text.itemId ?? '')}`;
    case 'minLabel':
      return `${q}-lowest-label`;
    default:
      return `${q}-highest-label`;
  }
}

export const fileIdOf = (surveyId: string) => `survey-${token(surveyId)}`;

/** XML 1.0 allows tab, line feed, carriage return and U+0020 upwards (less surrogates and FFFE/FFFF). */
const allowedInXml = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

const escapeText = (text: string) => {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    // A character XML cannot carry travels as XLIFF's code point element.
    else if (!allowedInXml(code)) out += `<cp hex="${code.toString(16).toUpperCase().padStart(4, '0')}"/>`;
    else out += ch;
  }
  return out;
};
const escapeAttribute = (text: string) =>
  escapeText(text)
    .replace(/"/g, '&quot;')
    .replace(/<cp[^>]*>/g, '');

/** The XLIFF 2.0 document of a survey's texts, with the Spanish translated so far as targets. */
export function buildXliff(survey: TranslatableSurvey, translations: unknown, sources: unknown): string {
  const recorded = sourcesOf(sources);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NS}" version="2.0" srcLang="en" trgLang="es">`,
    `  <file id="${fileIdOf(survey.id)}" original="teenvoice:survey/${escapeAttribute(survey.id)}" canResegment="no">`,
    '    <notes>',
    `      <note category="instructions">Texts of the survey “${escapeText(survey.name)}” for its Spanish version. Translate each source into the target, for US teens aged 13 to 18. Keep {{answer:…}} tokens as they are: they show an earlier answer. Do not change unit ids; a unit without a target is left as it is.</note>`,
    '    </notes>',
  ];
  for (const text of translatableTexts(survey, translations, 'es')) {
    const place = translationPlace(text, survey.questions);
    const stale =
      text.translated !== null &&
      recorded[text.key] !== undefined &&
      recorded[text.key] !== englishHash(text.english);
    lines.push(
      `    <unit id="${unitIdOf(text)}" name="${escapeAttribute(place)}" xml:space="preserve">`,
      '      <notes>',
      `        <note category="location">${escapeText(place)}</note>`,
      `        <note category="length">At most ${text.maxLength.toLocaleString('en-US')} characters.</note>`,
      ...(stale
        ? [
            '        <note category="changed" priority="2">The English changed since this was translated: check the target.</note>',
          ]
        : []),
      '      </notes>',
      `      <segment state="${text.translated === null || stale ? 'initial' : 'translated'}">`,
      `        <source>${escapeText(text.english)}</source>`,
      ...(text.translated === null ? [] : [`        <target>${escapeText(text.translated)}</target>`]),
      '      </segment>',
      '    </unit>',
    );
  }
  lines.push('  </file>', '</xliff>', '');
  return lines.join('\n');
}

// ---- reading a file ------------------------------------------------------------------------------

export interface XliffUnit {
  id: string;
  /** The English the file carries (what the translator translated from). */
  source: string;
  /** The translation; null when the unit has none (or only blanks). */
  target: string | null;
}

export type ParsedXliff = { ok: true; fileId: string; units: XliffUnit[] } | { ok: false; problem: string };

const again = 'Export the file again from this survey, or ask your translator to save it as XLIFF 2.0.';

/**
 * Reads an XLIFF 2.0 file strictly: well-formed XML, the XLIFF 2.0 namespace, English to Spanish, one
 * file, units with unique ids, plain text (code points allowed; markers keep their text; placeholders
 * and formatting codes are refused, since our texts have none). Never throws; says what is wrong.
 */
export function parseXliff(xml: string): ParsedXliff {
  if (xml.trim() === '')
    return { ok: false, problem: 'The file is empty. Choose the translated XLIFF file.' };
  if (Buffer.byteLength(xml, 'utf8') > XLIFF_MAX_BYTES) return { ok: false, problem: xliffTooLargeMessage };
  if (xml.includes('\u0000'))
    return {
      ok: false,
      problem: `The file contains a NUL character (a zero byte), so it is not a text file we can read. ${again}`,
    };

  const parser = new SaxesParser({ xmlns: true, position: true });
  // The first problem found; a list, since the parser's callbacks write it.
  const problems: string[] = [];
  const fail = (message: string) => {
    problems.push(message);
  };
  const stack: string[] = [];
  let fileId: string | null = null;
  let files = 0;
  let unit: { id: string; source: string[]; target: string[]; hasTarget: boolean } | null = null;
  let inside: 'source' | 'target' | null = null;
  const units: XliffUnit[] = [];
  const seen = new Set<string>();

  parser.on('error', (error) => {
    const line = /^(\d+):/.exec(error.message)?.[1];
    fail(
      `This file is not well-formed XML${line ? ` (the problem is near line ${line})` : ''}, so it cannot be read. ${again}`,
    );
  });
  parser.on('doctype', () =>
    fail(`The file declares a DOCTYPE, which translation files do not use. ${again}`),
  );
  parser.on('opentag', (tag) => {
    if (problems.length > 0) return;
    const name = tag.local;
    const ours = tag.uri === XLIFF_NS;
    const attr = (key: string) => tag.attributes[key]?.value;
    if (stack.length === 0) {
      if (!ours || name !== 'xliff') {
        fail(`This is not an XLIFF 2.0 file (it starts with <${tag.name}>). ${again}`);
        return;
      }
      const version = attr('version');
      if (version !== '2.0' && version !== '2.1')
        fail(`This is XLIFF version ${version ?? 'unknown'}; we read XLIFF 2.0. ${again}`);
      else if (!/^en(-|$)/i.test(attr('srcLang') ?? ''))
        fail(
          `The file's source language is “${attr('srcLang') ?? 'none'}”; it must be English (srcLang="en").`,
        );
      else if (!/^es(-|$)/i.test(attr('trgLang') ?? ''))
        fail(
          `The file's target language is “${attr('trgLang') ?? 'none'}”; it must be Spanish (trgLang="es").`,
        );
    } else if (ours && name === 'file') {
      files += 1;
      if (files > 1) fail(`The file holds more than one survey's texts. ${again}`);
      fileId = attr('id') ?? null;
    } else if (ours && name === 'unit') {
      const id = attr('id') ?? '';
      if (seen.has(id)) fail(`The text “${id}” appears twice in the file. Keep one of them.`);
      seen.add(id);
      unit = { id, source: [], target: [], hasTarget: false };
    } else if (ours && (name === 'source' || name === 'target') && unit) {
      inside = name;
      if (name === 'target') unit.hasTarget = true;
    } else if (ours && inside && unit) {
      if (name === 'cp') {
        const code = Number.parseInt(attr('hex') ?? '', 16);
        if (code === 0)
          fail(
            `The text “${unit.id}” contains a NUL character (a zero byte), which no survey text can hold. ${again}`,
          );
        else if (!Number.isInteger(code) || code > 0x10ffff)
          fail(`The text “${unit.id}” has a broken character code.`);
        else (inside === 'source' ? unit.source : unit.target).push(String.fromCodePoint(code));
      } else if (name !== 'mrk' && name !== 'pc') {
        fail(
          `The text “${unit.id}” holds a formatting code (<${name}>), which survey texts do not have. Keep its text plain.`,
        );
      }
    }
    stack.push(name);
  });
  parser.on('text', (text) => {
    if (problems.length > 0 || !inside || !unit) return;
    (inside === 'source' ? unit.source : unit.target).push(text);
  });
  parser.on('closetag', (tag) => {
    stack.pop();
    if (tag.uri !== XLIFF_NS) return;
    if (tag.local === 'source' || tag.local === 'target') inside = null;
    else if (tag.local === 'unit' && unit) {
      const target = unit.target.join('').trim();
      units.push({
        id: unit.id,
        source: unit.source.join('').trim(),
        target: unit.hasTarget && target ? target : null,
      });
      unit = null;
    }
  });
  try {
    parser.write(xml).close();
  } catch {
    fail(`This file is not well-formed XML, so it cannot be read. ${again}`);
  }
  if (problems[0]) return { ok: false, problem: problems[0] };
  if (files === 0 || fileId === null) return { ok: false, problem: `The file has no survey in it. ${again}` };
  return { ok: true, fileId, units };
}
