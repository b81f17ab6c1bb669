import { describe, expect, it } from 'vitest';
import { checkTargets, parseTargetsCsv, targetsCsv, targetsInPercent } from './weighting';

describe('targets files', () => {
  it('reads attribute,value,percent with or without a header, labels and a % sign', () => {
    const { rows, problems } = parseTargetsCsv(
      '\uFEFFAttribute,Value,Percent\r\ngender,Girls,49%\r\nGender,male,51\r\n\r\n"region","South",100\n',
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { attribute: 'gender', value: 'Girls', percent: '49%', line: 2 },
      { attribute: 'Gender', value: 'male', percent: '51', line: 3 },
      { attribute: 'region', value: 'South', percent: '100', line: 5 },
    ]);
    const checked = checkTargets(rows);
    // One region alone cannot be weighted.
    expect(checked.problems).toEqual([
      'US region: give at least two values a share above 0%. One group alone can’t be weighted; leave US region out instead.',
    ]);
  });

  it('turns percentages into shares that add up to 1', () => {
    const { rows } = parseTargetsCsv('age;13;50\nage;14;49.8\nage;15;0\n');
    const { targets, problems } = checkTargets(rows);
    expect(problems).toEqual([]);
    expect(targets!.age!['13']).toBeCloseTo(50 / 99.8, 12);
    expect(Object.values(targets!.age!).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(targetsInPercent(targets!).age).toEqual({ '13': 50.1, '14': 49.9, '15': 0 });
  });

  it('refuses what is not a target, in words', () => {
    expect(parseTargetsCsv('gender,female,50\u0000').problems[0]).toMatch(/NUL character/);
    expect(parseTargetsCsv('gender,female').problems).toEqual([
      'Line 1: write three values separated by commas: attribute, value, percent (for example: gender,female,49).',
    ]);
    const { problems } = checkTargets([
      { attribute: 'gender', value: 'female', percent: 60 },
      { attribute: 'gender', value: 'male', percent: 30 },
      { attribute: 'age', value: '20', percent: 10 },
      { attribute: 'region', value: 'west', percent: -1 },
      { attribute: 'region', value: 'south', percent: 1e300 },
      { attribute: 'shoe size', value: '9', percent: 100 },
      { attribute: 'gender', value: 'female', percent: 10 },
    ]);
    expect(problems).toEqual([
      'Row 3: “20” is not an age we survey. Use a whole age from 13 to 19.',
      'Row 4: the share of US region West can’t be negative.',
      'Row 5: the share of US region South can’t be more than 100%.',
      'Row 6: “shoe size” is not something results can be weighted by. Use age, gender or region.',
      'Row 7: gender Girls is given twice (also on row 1).',
      'Gender adds up to 90%. The shares of each attribute must add up to 100% (give or take 0.5).',
    ]);
    expect(checkTargets([]).problems).toEqual(['Add at least one target, or reset to the Census margins.']);
  });

  it('writes a file that reads back the same', () => {
    const percents = { gender: { female: 49.05, male: 50.95 }, region: { south: 60, west: 40 } };
    const { rows } = parseTargetsCsv(targetsCsv(percents));
    expect(targetsInPercent(checkTargets(rows).targets!)).toEqual(percents);
  });
});
