// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deviceToken,
  forgetPageDevice,
  forgetStartToken,
  rememberDeviceToken,
  rememberStartToken,
  startToken,
} from './fieldwork-tokens';

const surveyId = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02';

describe('fieldwork tokens on the device', () => {
  beforeEach(() => window.localStorage.clear());

  const issued = (c: string) => `${c.repeat(22)}.${c.repeat(43)}`;

  it('keeps the first device token the server issued, and only one the server issued', () => {
    expect(deviceToken(window.localStorage)).toBeUndefined();
    rememberDeviceToken('f'.repeat(48), window.localStorage);
    expect(deviceToken(window.localStorage)).toBeUndefined();
    rememberDeviceToken(issued('a'), window.localStorage);
    rememberDeviceToken(issued('b'), window.localStorage);
    expect(deviceToken(window.localStorage)).toBe(issued('a'));
  });

  it('replaces a home-made device token of an older page with the server’s', () => {
    window.localStorage.setItem('tv_device', '0123456789abcdef'.repeat(3));
    expect(deviceToken(window.localStorage)).toBeUndefined();
    rememberDeviceToken(issued('c'), window.localStorage);
    expect(deviceToken(window.localStorage)).toBe(issued('c'));
  });

  it('keeps the first start token of an attempt, so a reload does not restart the clock', () => {
    rememberStartToken(surveyId, '1700000000000.first', window.localStorage);
    rememberStartToken(surveyId, '1700000009000.reload', window.localStorage);
    expect(startToken(surveyId, window.localStorage)).toBe('1700000000000.first');
    forgetStartToken(surveyId, window.localStorage);
    expect(startToken(surveyId, window.localStorage)).toBeUndefined();
  });

  it('works without storage: the device token for this page only, no start token', () => {
    forgetPageDevice();
    expect(deviceToken(null)).toBeUndefined();
    rememberDeviceToken(issued('d'), null);
    expect(deviceToken(null)).toBe(issued('d'));
    forgetPageDevice();
    rememberStartToken(surveyId, 'x', null);
    expect(startToken(surveyId, null)).toBeUndefined();
  });
});
