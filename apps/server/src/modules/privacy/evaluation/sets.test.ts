import { afterEach, describe, expect, it } from 'vitest';
import { loadCorpus, TRAINING_BLINDS, trainingBlinds } from '../model/train';
import { blindSets, readSet } from './evaluate';

/** What trains and what measures (decision 036, addendum 9): a set that measures is never trained on. */
describe('the blind sets that measure and the ones that train', () => {
  const measuring = Object.values(blindSets).map((file) => Number(/blind-(\d+)\.jsonl$/.exec(file)![1]));
  const study = process.env.SAFEGUARDING_TRAIN_BLINDS;
  afterEach(() => {
    if (study === undefined) delete process.env.SAFEGUARDING_TRAIN_BLINDS;
    else process.env.SAFEGUARDING_TRAIN_BLINDS = study;
  });

  it('no set that measures the model in use is among those that train it', () => {
    delete process.env.SAFEGUARDING_TRAIN_BLINDS;
    expect(measuring.length).toBeGreaterThan(0);
    expect(trainingBlinds().filter((n) => measuring.includes(n))).toEqual([]);
  });

  it('no answer of a set that measures is in the training corpus word for word', () => {
    delete process.env.SAFEGUARDING_TRAIN_BLINDS;
    const trained = new Set(loadCorpus().map((a) => a.text.trim().toLowerCase()));
    for (const file of Object.values(blindSets)) {
      const leaked = readSet(file).filter((a) => trained.has(a.text.trim().toLowerCase()));
      expect(
        leaked.map((a) => a.text),
        file,
      ).toEqual([]);
    }
  });

  it('reads a study range, skips the blind set that never was, and refuses anything else', () => {
    expect(TRAINING_BLINDS).toMatch(/^\d+-\d+$/);
    process.env.SAFEGUARDING_TRAIN_BLINDS = '13-17';
    expect(trainingBlinds()).toEqual([13, 14, 16, 17]);
    process.env.SAFEGUARDING_TRAIN_BLINDS = 'none';
    expect(trainingBlinds()).toEqual([]);
    process.env.SAFEGUARDING_TRAIN_BLINDS = 'all of them';
    expect(() => trainingBlinds()).toThrow(/a range like 3-27 or 'none'/);
  });
});
