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
  it('defaults platform staff to all surveys and members to their own', () => {
    expect(destinationAfterSignIn(staff, undefined)).toBe('/research/builder/admin/surveys');
    expect(destinationAfterSignIn(member, undefined)).toBe('/research/builder');
  });
});
