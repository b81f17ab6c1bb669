import {
  answerProblem,
  helpResources,
  helpResourcesEs,
  incidentCategories,
  type Question,
  responseMessages,
  supportServicesFor,
} from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { contactLinks } from './contact-links';
import {
  contactLabelIn,
  initialLanguage,
  messageIn,
  respondentTexts,
  stateOptionsIn,
} from './respondent-texts';

const question = (patch: Partial<Question>): Question => ({
  id: 'q',
  type: 'short_text',
  title: 'Q',
  description: null,
  required: true,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: null,
  displayLogic: null,
  ...patch,
});

describe('the Spanish answer messages', () => {
  it('gives every answer check’s message in Spanish, numbers and labels kept', () => {
    const cases: [Question, unknown, string][] = [
      [question({}), undefined, 'Por favor, responde esta pregunta.'],
      [
        question({ type: 'single_choice', options: [{ id: 'a', label: 'Sí' }] }),
        'b',
        'Elige una de las opciones.',
      ],
      [question({ type: 'yes_no' }), 'maybe', 'Elige sí o no.'],
      [question({ type: 'number' }), 'abc', 'Escribe un número.'],
      [
        question({ type: 'rating', scale: { min: 1, max: 5, minLabel: null, maxLabel: null } }),
        7,
        'Elige un número del 1 al 5.',
      ],
      [question({ type: 'short_text' }), 'x'.repeat(501), 'Usa menos de 500 caracteres.'],
      [question({ type: 'long_text' }), 'x'.repeat(5001), 'Usa menos de 5,000 caracteres.'],
      [
        question({
          type: 'multiple_choice',
          options: [
            { id: 'a', label: 'Fútbol' },
            { id: 'n', label: 'Ninguna de estas', exclusive: true },
          ],
        }),
        ['a', 'n'],
        '“Ninguna de estas” no se puede combinar con otras respuestas. Elígela sola, o las demás sin ella.',
      ],
    ];
    for (const [q, answer, spanish] of cases) {
      const english = answerProblem(q, answer as never);
      expect(english).not.toBeNull();
      expect(messageIn(english!, 'es')).toBe(spanish);
      expect(messageIn(english!, 'en')).toBe(english);
    }
  });

  it('gives the outcomes and the page’s own problems in Spanish', () => {
    expect(messageIn(responseMessages.completed, 'es')).toMatch(/^¡Gracias! Tus respuestas se enviaron/);
    expect(messageIn(responseMessages.screened_out, 'es')).toMatch(/otro grupo de personas/);
    expect(messageIn(respondentTexts.en.sendFailed, 'es')).toBe(respondentTexts.es.sendFailed);
    expect(messageIn('Some answers need another look before you send them.', 'es')).toBe(
      'Revisa otra vez algunas respuestas antes de enviarlas.',
    );
    // A message nobody translated yet reads in English rather than not at all.
    expect(messageIn('Something new from the server.', 'es')).toBe('Something new from the server.');
  });
});

describe('the respondent’s language', () => {
  it('starts in the language chosen before, else Spanish for a Spanish browser when offered', () => {
    expect(initialLanguage(['en', 'es'], null, 'es-US')).toBe('es');
    expect(initialLanguage(['en', 'es'], null, 'en-US')).toBe('en');
    expect(initialLanguage(['en'], null, 'es-MX')).toBe('en');
    expect(initialLanguage(['en', 'es'], 'en', 'es-MX')).toBe('en');
    expect(initialLanguage(['en'], 'es', undefined)).toBe('en');
  });

  it('names states as Spanish speakers do, sorted in Spanish', () => {
    const options = [
      { value: 'NY', label: 'New York' },
      { value: 'TX', label: 'Texas' },
      { value: 'NC', label: 'North Carolina' },
    ];
    expect(stateOptionsIn(options, 'es').map((o) => o.label)).toEqual([
      'Carolina del Norte',
      'Nueva York',
      'Texas',
    ]);
    expect(stateOptionsIn(options, 'en')).toEqual(options);
  });

  it('has Spanish help with one-tap links in Spanish', () => {
    expect(helpResourcesEs).toHaveLength(helpResources.length);
    expect(helpResourcesEs[0]!.description).toMatch(/oprime 2/);
    const labels = helpResourcesEs
      .flatMap((r) => contactLinks(r.contact))
      .map((l) => contactLabelIn(l.label, 'es'));
    expect(labels).toContain('Llamar al 988');
    expect(labels).toContain('Enviar AYUDA al 988');
    expect(labels).toContain('Llamar al 911');
  });

  it('has every screen text in both languages', () => {
    const keys = (texts: object) => Object.keys(texts).sort();
    expect(keys(respondentTexts.es)).toEqual(keys(respondentTexts.en));
    for (const [key, value] of Object.entries(respondentTexts.es)) {
      // 'No' is the same word in both languages.
      if (typeof value === 'string' && key !== 'no')
        expect(value, key).not.toBe(respondentTexts.en[key as 'next']);
    }
  });
});

describe('help on a Spanish screen (decision 035)', () => {
  /** Words only English copy has. */
  const englishWords = /\b(the|you|your|if|and|free|call|text|visit|help|someone|right now|safe|talk)\b/i;

  it('words the help card, the help after stopping, the help screen and the page bar in Spanish', () => {
    const es = respondentTexts.es;
    for (const key of [
      'checkTitle',
      'checkBody',
      'stoppedHelpTitle',
      'stoppedHelpBody',
      'supportTitle',
      'supportBody',
      'supportDanger',
      'helpTitle',
      'helpIntro',
      'needHelp',
      'anonymousSurvey',
      'stoppedTitle',
      'stoppedBody',
    ] as const) {
      expect(es[key], key).not.toMatch(englishWords);
      expect(es[key], key).not.toBe(respondentTexts.en[key]);
    }
  });

  it('labels every one-tap link of every service in Spanish', () => {
    for (const category of incidentCategories) {
      for (const service of supportServicesFor([category], 'en', 'es')) {
        for (const link of contactLinks(service.contact)) {
          expect(contactLabelIn(link.label, 'es'), service.contact).toMatch(
            /^(Llamar al|Enviar|Mensaje al) /,
          );
        }
      }
    }
    expect(contactLabelIn('Visit stopbullying.gov/es', 'es')).toBe('Visitar stopbullying.gov/es');
  });
});
