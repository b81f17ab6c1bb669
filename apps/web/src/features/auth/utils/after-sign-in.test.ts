import type { Profile } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, safeRedirect } from './after-sign-in';

const member: Profile = {
  id: '9b2f6a0e-3c1d-4f7a-8e2b-5d6c7a8b9c0d',
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan@example.org',
  platform: { roleName: null, permissions: [] },
  organizations: [],
};
const staff: Profile = { ...member, platform: { roleName: 'Platform Admin', permissions: ['orgs~view'] } };

describe('where sign-in leads', () => {
  it('follows an in-app redirect with its query and hash', () => {
    expect(destinationAfterSignIn(member, '/user/manage-members?x=1#top')).toBe(
      '/user/manage-members?x=1#top',
    );
  });
  it('refuses redirects that leave the app or loop back to sign-in', () => {
    for (const target of ['https://evil.test', '//evil.test', '/\\evil.test', '/login?redirect=/x', 'user']) {
      expect(safeRedirect(target)).toBeNull();
    }
  });
  it('keeps the summary link of the first-responses mail whole', () => {
    const summary = '/research/builder/survey/summary/0d9a7f3e-2b1c-4e5f-8a6b-7c8d9e0f1a2b?tab=open#review';
    expect(safeRedirect(summary)).toBe(summary);
  });
  it('refuses every way of pointing at another site', () => {
    for (const target of [
      '//evil.example',
      '//evil.example/research',
      'https://evil.example',
      'http:evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /research',
      '/%0a/evil.example?x',
      '',
      undefined,
      null,
    ]) {
      const result = safeRedirect(target);
      expect(result === null || !/^\/\/|^[a-z]+:/i.test(result), String(target)).toBe(true);
      if (typeof target === 'string' && !target.startsWith('/%0a')) expect(result, target).toBeNull();
    }
  });
  it('normalises a path so it cannot loop back to sign-in', () => {
    expect(safeRedirect('/research/../login?redirect=/x')).toBeNull();
    expect(safeRedirect('/register')).toBeNull();
    // An invitation is accepted after signing in, so the sign-in may lead back to it.
    expect(safeRedirect('/register/invitation?token=abc')).toBe('/register/invitation?token=abc');
    expect(safeRedirect('/loginhelp')).toBe('/loginhelp');
    expect(safeRedirect(`/${'a'.repeat(2001)}`)).toBeNull();
  });
  it('defaults platform staff to all surveys and members to their own', () => {
    expect(destinationAfterSignIn(staff, undefined)).toBe('/research/builder/admin/surveys');
    expect(destinationAfterSignIn(member, undefined)).toBe('/research/builder');
  });
});
