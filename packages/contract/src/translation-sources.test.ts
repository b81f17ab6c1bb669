import { describe, expect, it } from 'vitest';
import type { Question } from './surveys';
import {
  englishHash,
  reconcileTranslationSources,
  staleTranslations,
  xliffFileName,
} from './translation-sources';

const question = (id: string, title: string): Question => ({
  id,
  type: 'short_text',
  title,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: null,
  displayLogic: null,
});

const survey = (title: string) => ({ name: 'Clubs', description: null, questions: [question('q1', title)] });
const spanish = (title: string) => ({ es: { questions: { q1: { title } } } });

describe('English changed since translated', () => {
  it('hashes the trimmed English, the same each time, differently for a changed text', () => {
    expect(englishHash(' Are you in a club? ')).toBe(englishHash('Are you in a club?'));
    expect(englishHash('Are you in a club?')).not.toBe(englishHash('Are you in a club after school?'));
  });

  it('records the English a Spanish text was written against, and flags it once the English changes', () => {
    const before = survey('Are you in a club?');
    const written = reconcileTranslationSources({
      survey: before,
      previous: {},
      next: spanish('¿Estás en un club?'),
      recorded: {},
    });
    expect(written).toEqual({ es: { 'q:q1:title': englishHash('Are you in a club?') } });
    expect(staleTranslations(before, spanish('¿Estás en un club?'), written)).toEqual([]);

    const after = survey('Are you in a club after school?');
    const kept = reconcileTranslationSources({
      survey: after,
      previous: spanish('¿Estás en un club?'),
      next: spanish('¿Estás en un club?'),
      recorded: written,
    });
    expect(staleTranslations(after, spanish('¿Estás en un club?'), kept).map((t) => t.key)).toEqual([
      'q:q1:title',
    ]);

    // Only the current English's hash clears it; the Spanish edited clears it too.
    const forged = reconcileTranslationSources({
      survey: after,
      previous: spanish('¿Estás en un club?'),
      next: spanish('¿Estás en un club?'),
      recorded: kept,
      proposed: { es: { 'q:q1:title': 'made-up' } },
    });
    expect(forged).toEqual(kept);
    const confirmed = reconcileTranslationSources({
      survey: after,
      previous: spanish('¿Estás en un club?'),
      next: spanish('¿Estás en un club?'),
      recorded: kept,
      proposed: { es: { 'q:q1:title': englishHash('Are you in a club after school?') } },
    });
    expect(staleTranslations(after, spanish('¿Estás en un club?'), confirmed)).toEqual([]);
    const edited = reconcileTranslationSources({
      survey: after,
      previous: spanish('¿Estás en un club?'),
      next: spanish('¿Estás en un club después de clases?'),
      recorded: kept,
    });
    expect(staleTranslations(after, spanish('¿Estás en un club después de clases?'), edited)).toEqual([]);
  });

  it('counts a translation made before sources were kept as up to date, and drops texts no longer translated', () => {
    const now = survey('Are you in a club?');
    expect(
      reconcileTranslationSources({
        survey: now,
        previous: spanish('¿Club?'),
        next: spanish('¿Club?'),
        recorded: {},
      }),
    ).toEqual({ es: { 'q:q1:title': englishHash('Are you in a club?') } });
    expect(
      reconcileTranslationSources({
        survey: now,
        previous: spanish('¿Club?'),
        next: {},
        recorded: { es: { 'q:q1:title': 'x' } },
      }),
    ).toEqual({});
  });

  it('names the file after the survey', () => {
    expect(xliffFileName('After-school life: 2026!')).toBe('after-school-life-2026.es.xlf');
    expect(xliffFileName('¿¿')).toBe('survey.es.xlf');
  });
});
