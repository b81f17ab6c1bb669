import { describe, expect, it } from 'vitest';
import { emptyAttributes, faqPlacementOptions, formValuesFrom, slugify, validateEntry } from './entry-form';

describe('slugify', () => {
  it('turns a title into lowercase words joined by single hyphens', () => {
    expect(slugify('Teens & AI: what 2026 looks like')).toBe('teens-ai-what-2026-looks-like');
    expect(slugify('  Café culture — déjà vu  ')).toBe('cafe-culture-deja-vu');
    expect(slugify('!!!')).toBe('');
  });
});

describe('validateEntry', () => {
  it('says Required for an empty title, an unchosen theme and an empty reading time', () => {
    const values = { ...emptyAttributes('article'), readingTimeMinutes: '' };
    const result = validateEntry('article', values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toBe('Required');
    expect(result.errors.theme).toBe('Required');
    expect(result.errors.readingTimeMinutes).toBe('Required');
    expect(result.errors['author.name']).toBe('Required');
  });

  it('accepts a complete article and trims its text', () => {
    const result = validateEntry('article', {
      ...emptyAttributes('article'),
      title: ' Phones at school ',
      slug: 'phones-at-school',
      summary: 'What teens told us.',
      body: '<h2>Findings</h2><p>Most keep them in a bag.</p>',
      theme: 'digital-life',
      author: { name: 'Hana Okafor', role: '' },
    });
    expect(result).toMatchObject({ ok: true, attributes: { title: 'Phones at school', cover: null } });
  });
});

describe('formValuesFrom', () => {
  it('keeps the empty defaults for fields the saved entry lacks', () => {
    const values = formValuesFrom('report', { title: 'Money', methodology: { sampleSize: 1200 } });
    expect(values.title).toBe('Money');
    expect(values.methodology).toMatchObject({ sampleSize: 1200, ages: '13–19' });
    expect(values.keyFindings).toEqual([]);
  });
});

describe("a FAQ's 'Shown on'", () => {
  it('offers every placement the content API stores, so a stored one (Quality) opens selected', () => {
    expect(faqPlacementOptions.map((option) => option.value)).toEqual([
      'home',
      'products',
      'research',
      'contact',
      'quality',
    ]);
    expect(faqPlacementOptions.find((option) => option.value === 'quality')?.label).toBe('Quality');
  });
});
