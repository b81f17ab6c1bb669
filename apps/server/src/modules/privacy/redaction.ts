import { WITHHELD_TEXT } from '@tv/contract';

/**
 * Redacts obvious personal data from an open answer before any organisation sees it. It errs on
 * the side of redacting: a lost word costs little, a teen's name or phone number in a client's
 * spreadsheet costs a lot. The raw text stays readable only to platform staff (incident screen).
 */

const email = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
// US numbers: (555) 123-4567, 555-123-4567, 555.123.4567, 555 123 4567, +1 555 123 4567, 5551234567.
const phone = /(?<![\p{N}])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}(?![\p{N}])/gu;
const handle = /(?<![p{L}p{N}_])@[A-Za-z0-9_.]{2,30}/g;
const streetTypes =
  'street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|ln|court|ct|way|place|pl|terrace|circle|cir|highway|hwy|parkway|pkwy|calle|avenida';
const address = new RegExp(
  `\\b\\d{1,6}\\s+(?:[NSEW]\\.?\\s+)?(?:[A-Za-z0-9][\\p{L}'-]*\\s+){1,4}(?:${streetTypes})\\b\\.?`,
  'giu',
);
const ci = (words: string) =>
  words
    .split('|')
    .map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`)
    .join('|');
/** Spanish street names come first: "Calle Ocho 12", "12 Calle Ocho", "Avenida Juárez #45". */
const spanishAddress = new RegExp(
  `(?:\\b\\d{1,6}\\s+)?\\b(?:${ci('calle|avenida')})(?:\\s+\\p{Lu}[\\p{L}'-]*){1,3}(?:\\s+#?\\s*\\d{1,6})?`,
  'gu',
);
const school = new RegExp(
  [
    // "Lincoln High School", "Roosevelt Middle", "Oak Elementary", "St. Mary's Academy"
    `(?:\\b(?:\\p{Lu}[\\p{L}.'-]*\\s+){1,4}(?:${ci('high|middle|elementary|junior high|prep|preparatory|charter')})(?:\\s+${ci('school')})?\\b)`,
    `(?:\\b(?:\\p{Lu}[\\p{L}.'-]*\\s+){1,4}(?:${ci('academy|school')})\\b)`,
    // Spanish: "Escuela Benito Juárez", "Colegio San José", "Preparatoria 5", "Secundaria Técnica 12"
    `(?:\\b(?:${ci('escuela|colegio|preparatoria|secundaria|instituto|liceo')})(?:\\s+(?:de\\s+|del\\s+|la\\s+)?[\\p{Lu}\\p{N}][\\p{L}\\p{N}.'-]*){1,4})`,
  ].join('|'),
  'gu',
);
/** Words that can stand before "school" without naming one ("My High School", "I hate School"). */
const genericSchoolWords = new Set(
  'i|my|our|your|the|this|that|at|in|to|high|middle|elementary|junior|prep|charter|public|private|new|old|summer|night|online|home|sunday|hate|love|after|before|every|whole'.split(
    '|',
  ),
);

/** Phrases that introduce a first name: "my name is Ana", "I'm Jake", "me llamo Sofía", "call me Bo". */
const nameIntro =
  /\b(my name is|my name's|name's|i am|i'm|im|call me|this is|me llamo|mi nombre es|soy|my (?:friend|brother|sister|cousin|bf|gf|boyfriend|girlfriend|teacher|coach|mom|dad|stepdad|stepmom)(?: is)?|mi (?:amigo|amiga|hermano|hermana|novio|novia|maestro|maestra|papá|mamá|padrastro)(?: es| se llama)?)\s+(\p{L}[\p{L}'-]*)(\s+\p{L}[\p{L}'-]*)?/giu;
const capitalised = (word: string) => /^\p{Lu}\p{Ll}/u.test(word);

/** Words that follow "I'm" or "soy" without being names ("I'm Happy", "Soy Mexicana"). */
const notNames = new Set(
  [
    'happy',
    'sad',
    'fine',
    'good',
    'ok',
    'okay',
    'tired',
    'bored',
    'not',
    'so',
    'very',
    'really',
    'just',
    'from',
    'in',
    'at',
    'a',
    'an',
    'the',
    'going',
    'trying',
    'feeling',
    'scared',
    'afraid',
    'sorry',
    'sure',
    'glad',
    'new',
    'old',
    'gay',
    'lesbian',
    'bi',
    'trans',
    'black',
    'white',
    'latina',
    'latino',
    'asian',
    'mexican',
    'mexicana',
    'mexicano',
    'american',
    'christian',
    'muslim',
    'jewish',
    'catholic',
    'still',
    'always',
    'never',
    'also',
    'only',
    'too',
    'kind',
    'like',
    'honestly',
    'literally',
    'done',
    'over',
    'here',
    'there',
    'one',
    'feliz',
    'triste',
    'de',
    'una',
    'un',
    'muy',
    'bien',
    'mal',
  ].map((w) => w.toLowerCase()),
);

export const redactionTokens = {
  name: '[name]',
  email: '[email]',
  phone: '[phone]',
  handle: '[handle]',
  address: '[address]',
  school: '[school]',
} as const;

export function redactPersonalData(text: string): string {
  let out = text.replace(email, redactionTokens.email);
  out = out.replace(phone, redactionTokens.phone);
  out = out.replace(handle, redactionTokens.handle);
  out = out.replace(address, redactionTokens.address);
  out = out.replace(spanishAddress, redactionTokens.address);
  out = out.replace(school, (match) => {
    if (/^(?:escuela|colegio|preparatoria|secundaria|instituto|liceo)\b/i.test(match))
      return redactionTokens.school;
    // The capitalised words before the kind of school must include a real name ("Lincoln"), not
    // only "My High" or "I": otherwise the answer names no school.
    const words = match.split(/\s+/).slice(0, -1);
    const named = words.some((w) => !genericSchoolWords.has(w.toLowerCase()));
    if (!named) return match;
    // Keep leading sentence words that are not part of the name ("I", "My").
    const lead: string[] = [];
    for (const w of words) {
      if (['i', 'my', 'our', 'the', 'at', 'in', 'to'].includes(w.toLowerCase())) lead.push(w);
      else break;
    }
    return [...lead, redactionTokens.school].join(' ');
  });
  out = out.replace(nameIntro, (match, intro: string, first: string, last: string | undefined) => {
    if (!capitalised(first) || notNames.has(first.toLowerCase())) return match;
    const surname = last && capitalised(last.trim()) && !notNames.has(last.trim().toLowerCase());
    return `${intro} ${redactionTokens.name}${surname ? '' : (last ?? '')}`;
  });
  return out;
}

export interface AnswerReviewState {
  /** Whether the answer raised a safeguarding incident. */
  flagged: boolean;
  decision: 'withheld' | 'released' | 'redacted' | null;
  releasedText: string | null;
}

/**
 * What an organisation sees of an open answer: withheld while it raised an incident (or would raise
 * one, before the scan has run) and no moderator has released it; otherwise redacted.
 */
export function disclosedText(
  raw: string,
  review: AnswerReviewState,
  isWithheld: (text: string) => boolean,
): { text: string; withheld: boolean } {
  if (review.decision === 'redacted')
    return { text: redactPersonalData(review.releasedText ?? ''), withheld: false };
  if (review.decision === 'released') return { text: redactPersonalData(raw), withheld: false };
  if (review.decision === 'withheld' || review.flagged || isWithheld(raw))
    return { text: WITHHELD_TEXT, withheld: true };
  return { text: redactPersonalData(raw), withheld: false };
}
