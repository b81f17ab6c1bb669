import { describe, expect, it } from 'vitest';
import { questionRulesInWords } from './survey-review';
import type { Question } from './surveys';

const q = (id: string, title: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'single_choice',
  title,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});

const clubs = q('clubs', 'Do you take part in an after-school club?', {
  skipLogic: [
    {
      when: { match: 'all', conditions: [{ questionId: 'clubs', operator: 'equals', value: 'no' }] },
      to: 'end',
    },
  ],
});
const page = q('page', '', { type: 'page_break', options: [], randomizeQuestions: true });
const sports = q('sports', 'Besides {{answer:clubs}}, which sports do you play?', {
  type: 'multiple_choice',
  required: false,
  randomizeOptions: true,
  minSelections: 1,
  maxSelections: 2,
  options: [
    { id: 'soccer', label: 'Soccer' },
    { id: 'swim', label: 'Swimming' },
    { id: 'other', label: 'Another sport', other: true },
    { id: 'none', label: 'None of these', exclusive: true },
  ],
  displayLogic: { match: 'all', conditions: [{ questionId: 'clubs', operator: 'equals', value: 'yes' }] },
  screenOut: { match: 'all', conditions: [{ questionId: 'sports', operator: 'includes', value: 'none' }] },
});
const why = q('why', 'Why?', { type: 'long_text', options: [] });
const questions = [clubs, page, sports, why];
const translations = {
  es: {
    questions: {
      clubs: { title: '¿Participas en un club después de clases?', options: { yes: 'Sí', no: 'No' } },
      sports: {
        title: 'Además de {{answer:clubs}}, ¿qué deportes practicas?',
        options: { soccer: 'Fútbol', swim: 'Natación', other: 'Otro deporte', none: 'Ninguno de estos' },
      },
    },
  },
};

describe('every rule of a question in words, for the moderator', () => {
  it('states display logic, piping, limits, shuffles, skips and screen-outs in English', () => {
    expect(questionRulesInWords(clubs, questions)).toEqual([
      'When the answer to question 1 (“Do you take part in an after-school club?”) is “No”, skip to the end of the survey.',
    ]);
    expect(questionRulesInWords(page, questions)).toEqual([
      'The questions on this page are shown in a random order for each respondent.',
    ]);
    expect(questionRulesInWords(sports, questions)).toEqual([
      'Shown only when the answer to question 1 (“Do you take part in an after-school club?”) is “Yes”.',
      'Its text shows the respondent’s own answer to question 1 (“Do you take part in an after-school club?”).',
      'Optional: the respondent may skip it.',
      'The respondent chooses at least 1 and at most 2 options.',
      '“None of these” clears the other choices.',
      '“Another sport” asks for the respondent’s own words, up to 200 characters.',
      'Its options are shown in a random order for each respondent; “Another sport” and “None of these” stay last.',
      'When the answer to question 3 (“Besides [answer to Q1], which sports do you play?”) includes “None of these”, the respondent is thanked and screened out.',
    ]);
    expect(questionRulesInWords(why, questions)).toEqual(['Answers can be up to 5,000 characters.']);
  });

  it('states them in Spanish with the Spanish texts', () => {
    expect(questionRulesInWords(sports, questions, 'es', translations)).toEqual([
      'Se muestra solo cuando la respuesta a la pregunta 1 (“¿Participas en un club después de clases?”) es “Sí”.',
      'Su texto muestra la respuesta de la persona a la pregunta 1 (“¿Participas en un club después de clases?”).',
      'Opcional: la persona puede dejarla sin responder.',
      'La persona elige al menos 1 y como máximo 2 opciones.',
      '“Ninguno de estos” borra las demás opciones elegidas.',
      '“Otro deporte” pide a la persona sus propias palabras, hasta 200 caracteres.',
      'Sus opciones se muestran en un orden aleatorio para cada persona; “Otro deporte” y “Ninguno de estos” quedan al final.',
      'Cuando la respuesta a la pregunta 3 (“Además de [respuesta a P1], ¿qué deportes practicas?”) incluye “Ninguno de estos”, se agradece a la persona y la encuesta termina para ella (queda fuera).',
    ]);
    expect(questionRulesInWords(clubs, questions, 'es', translations)).toEqual([
      'Cuando la respuesta a la pregunta 1 (“¿Participas en un club después de clases?”) es “No”, salta al final de la encuesta.',
    ]);
  });
});
