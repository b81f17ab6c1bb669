import { WITHHELD_TEXT } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { disclosedText, redactPersonalData as redact } from './redaction';

describe('redacting personal data from open answers', () => {
  it.each([
    ['My name is Jake and I hate mornings', 'My name is [name] and I hate mornings'],
    ["I'm Sofia Lopez from the valley", "I'm [name] from the valley"],
    ['hi im Marcus lol', 'hi im [name] lol'],
    ['me llamo María y tengo 15', 'me llamo [name] y tengo 15'],
    ['my friend Tyler said so', 'my friend [name] said so'],
  ])('names: %s', (raw, out) => expect(redact(raw)).toBe(out));

  it('keeps words after "I\'m" that are not names', () => {
    expect(redact("I'm happy with it")).toBe("I'm happy with it");
    expect(redact("I'm Mexican and proud")).toBe("I'm Mexican and proud");
    expect(redact('i am tired')).toBe('i am tired');
  });

  it.each([
    ['email me at jake.r@gmail.com', 'email me at [email]'],
    ['write ANA_22@school.k12.ca.us pls', 'write [email] pls'],
  ])('emails: %s', (raw, out) => expect(redact(raw)).toBe(out));

  it.each([
    ['call (555) 123-4567', 'call [phone]'],
    ['text 555-123-4567 or 555.987.6543', 'text [phone] or [phone]'],
    ['my number is +1 415 555 0199', 'my number is [phone]'],
    ['5551234567 anytime', '[phone] anytime'],
  ])('US phone numbers: %s', (raw, out) => expect(redact(raw)).toBe(out));

  it('keeps numbers that are not phone numbers', () => {
    expect(redact('I scored 1234567 points in 2024')).toBe('I scored 1234567 points in 2024');
  });

  it.each([
    ['follow me @coolkid_22 on insta', 'follow me [handle] on insta'],
    ['dm @maya.sketches', 'dm [handle]'],
  ])('handles: %s', (raw, out) => expect(redact(raw)).toBe(out));

  it.each([
    ['I live at 123 Main St near the park', 'I live at [address] near the park'],
    ['come to 4500 W Sunset Boulevard', 'come to [address]'],
    ['vivo en 12 Calle Ocho', 'vivo en [address]'],
    ['en Avenida Juárez #45 cerca', 'en [address] cerca'],
  ])('street addresses: %s', (raw, out) => expect(redact(raw)).toBe(out));

  it.each([
    ['I go to Lincoln High School and it is ok', 'I go to [school] and it is ok'],
    ['Roosevelt Middle School has no clubs', '[school] has no clubs'],
    ['estudio en Escuela Benito Juárez', 'estudio en [school]'],
    ['at Oak Grove Elementary', 'at [school]'],
  ])('schools: %s', (raw, out) => expect(redact(raw)).toBe(out));

  it('keeps school words that name no school', () => {
    expect(redact('My high school is fine')).toBe('My high school is fine');
    expect(redact('High school sucks')).toBe('High school sucks');
  });
});

describe('what an organisation sees of an open answer', () => {
  const never = () => false;
  it('is withheld while it raised an incident and nobody released it', () => {
    expect(
      disclosedText('i want to die', { flagged: true, decision: null, releasedText: null }, never),
    ).toEqual({
      text: WITHHELD_TEXT,
      withheld: true,
    });
    expect(
      disclosedText('x', { flagged: true, decision: 'withheld', releasedText: null }, never).withheld,
    ).toBe(true);
  });
  it('is withheld when it would raise an incident before the scan has run', () => {
    expect(
      disclosedText('kms', { flagged: false, decision: null, releasedText: null }, () => true).text,
    ).toBe(WITHHELD_TEXT);
  });
  it('follows a release, still without personal data', () => {
    const released = disclosedText(
      'I am sad, call 555-123-4567',
      { flagged: true, decision: 'released', releasedText: null },
      never,
    );
    expect(released).toEqual({ text: 'I am sad, call [phone]', withheld: false });
    const redacted = disclosedText(
      'raw',
      { flagged: true, decision: 'redacted', releasedText: 'Edited by a moderator' },
      never,
    );
    expect(redacted.text).toBe('Edited by a moderator');
  });
});
