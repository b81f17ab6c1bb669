// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceToken, forgetStartToken, rememberStartToken, startToken } from './fieldwork-tokens';

const surveyId = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02';

describe('fieldwork tokens on the device', () => {
  beforeEach(() => window.localStorage.clear());

  it('makes one random device token and keeps it', () => {
    const first = deviceToken(window.localStorage);
    expect(first).toMatch(/^[0-9a-f]{48}$/);
    expect(deviceToken(window.localStorage)).toBe(first);
    window.localStorage.clear();
    expect(deviceToken(window.localStorage)).not.toBe(first);
  });

  it('replaces a device token it does not recognise', () => {
    window.localStorage.setItem('tv_device', 'jordan@example.com');
    expect(deviceToken(window.localStorage)).toMatch(/^[0-9a-f]{48}$/);
  });

  it('keeps the first start token of an attempt, so a reload does not restart the clock', () => {
    rememberStartToken(surveyId, '1700000000000.first', window.localStorage);
    rememberStartToken(surveyId, '1700000009000.reload', window.localStorage);
    expect(startToken(surveyId, window.localStorage)).toBe('1700000000000.first');
    forgetStartToken(surveyId, window.localStorage);
    expect(startToken(surveyId, window.localStorage)).toBeUndefined();
  });

  it('works without storage: no device token, no start token', () => {
    expect(deviceToken(null)).toBeUndefined();
    rememberStartToken(surveyId, 'x', null);
    expect(startToken(surveyId, null)).toBeUndefined();
  });
});
