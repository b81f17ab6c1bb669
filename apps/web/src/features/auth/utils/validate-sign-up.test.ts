import '@tv/contract';
import { describe, expect, it } from 'vitest';
import { formatTermsDate } from '../../../lib/terms-date';
import { termsText } from '../api/get-terms';
import { fieldErrorsForForm } from './field-errors';
import { validateInvitationSignUp, validateSignUp } from './validate-sign-up';

const filled = {
  firstName: 'Robin',
  lastName: 'Okoye',
  email: 'robin@example.org',
  organizationName: 'Lakeside Youth Forum',
  password: 'a-long-password',
  confirmPassword: 'a-long-password',
  acceptTerms: true as const,
  acceptMarketing: false,
  termsAndConditions: '2026-09-01T00:00:00.000Z',
};

describe('sign-up form messages (spec §5, word for word)', () => {
  it('names each missing part of the person form', () => {
    const errors = validateSignUp({ ...filled, firstName: '', lastName: 'x'.repeat(129), email: 'nope' });
    expect(errors).toMatchObject({
      firstName: 'First Name should be at least 1 character long',
      lastName: 'Last Name should be maximum 128 characters long',
      email: 'Email is not valid',
    });
  });

  it('asks a new organization for its name, worded like the company form', () => {
    expect(validateSignUp({ ...filled, organizationName: '  ab ' })).toEqual({
      organizationName: 'Organization Name should be at least 3 characters long',
    });
  });

  it('does not ask an invited person for an organization name', () => {
    expect(validateInvitationSignUp({ ...filled, organizationName: '' })).toEqual({});
    expect(validateInvitationSignUp({ ...filled, confirmPassword: 'other' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('reports a password mismatch together with the other problems', () => {
    const errors = validateSignUp({ ...filled, confirmPassword: 'other', acceptTerms: false as true });
    expect(errors).toMatchObject({
      confirmPassword: 'Passwords do not match',
      acceptTerms: 'Please accept the terms and conditions',
    });
    expect(validateSignUp(filled)).toEqual({});
  });

  it('shows the server’s terms error on the terms checkbox', () => {
    expect(
      fieldErrorsForForm({ termsAndConditions: 'Please accept the current terms and conditions.' }),
    ).toEqual({
      acceptTerms: 'Please accept the current terms and conditions.',
    });
  });
});

describe('terms date (spec §3)', () => {
  it("is 'Month day, year' in US English, whatever the time zone", () => {
    expect(formatTermsDate('2026-09-01T00:00:00.000Z')).toBe('September 1, 2026');
    expect(
      termsText({
        versionTimestamp: '2026-09-01T00:00:00.000Z',
        content: 'Last updated {versionTimestamp}.',
      }),
    ).toBe('Last updated September 1, 2026.');
  });
});
