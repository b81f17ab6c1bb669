import { organizationRolePermissions, platformRolePermissions } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { offeredActions, type Permissions } from './lifecycle';

const organizationAdmin: Permissions = {
  platform: new Set(),
  organization: new Set(organizationRolePermissions['Organization Admin']),
};
const platformAdmin: Permissions = {
  platform: new Set(platformRolePermissions['Platform Admin']),
  organization: new Set(),
};
const moderator: Permissions = {
  platform: new Set(platformRolePermissions['Platform Survey Moderator']),
  organization: new Set(),
};

describe('lifecycle actions offered to a viewer', () => {
  it('never offers publishing to an organisation user, whose permissions lack it', () => {
    expect(offeredActions('approved', organizationAdmin)).toEqual(['archive']);
    expect(offeredActions('in_review', organizationAdmin)).toEqual(['archive']);
  });

  it('offers a platform admin publishing an approved survey and releasing reviewed results', () => {
    expect(offeredActions('approved', platformAdmin)).toEqual(['publish', 'archive']);
    expect(offeredActions('complete', platformAdmin)).toEqual(['start_review', 'archive']);
    expect(offeredActions('in_review', platformAdmin)).toEqual(['release_results', 'archive']);
  });

  it('offers a moderator the quality review but neither publishing nor archiving', () => {
    expect(offeredActions('approved', moderator)).toEqual([]);
    expect(offeredActions('complete', moderator)).toEqual(['start_review']);
  });

  it('leaves approving and rejecting to the moderation screen', () => {
    expect(offeredActions('in_moderation', platformAdmin)).toEqual(['archive']);
  });
});
