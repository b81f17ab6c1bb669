import { canPlatform, type Organization, type Profile } from '@tv/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type UserStatus = null | 'anonymous' | 'authenticated';

/** The organisation platform staff act for on admin screens: named 'Admin', with no permissions. */
export const adminOrganization = (id: string): Organization => ({
  id,
  name: 'Admin',
  roleName: null,
  permissions: [],
});

interface UserState {
  /** null until the profile is known (or when it could not be fetched). */
  status: UserStatus;
  user: Profile | null;
  /** Set when the last sign-out happened because the user was idle; the login screen says so. */
  idleUserLogout: boolean;
  selectedOrganization: Organization | null;
  userOrganizations: Organization[];
  /** From ?selectedOrganizationId=: chosen when it names one of the user's organisations. */
  preferredOrganizationId: string | null;

  setProfile: (user: Profile | null) => void;
  selectOrganization: (organization: Organization | null) => void;
  setPreferredOrganizationId: (organizationId: string | null) => void;
  setIdleUserLogout: (idle: boolean) => void;
  clear: () => void;
}

const statusOf = (user: Profile | null): UserStatus => {
  if (!user) return null;
  return user.firstName === null && user.lastName === null ? 'anonymous' : 'authenticated';
};

/**
 * The signed-in user, kept in localStorage under `tv_user` (spec §3): status, user, idleUserLogout,
 * selectedOrganization, userOrganizations. Server data beyond the profile lives in the query cache.
 */
export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      status: null,
      user: null,
      idleUserLogout: false,
      selectedOrganization: null,
      userOrganizations: [],
      preferredOrganizationId: null,

      setProfile: (user) =>
        set({ user, status: statusOf(user), userOrganizations: user?.organizations ?? [] }),
      selectOrganization: (selectedOrganization) => set({ selectedOrganization }),
      setPreferredOrganizationId: (preferredOrganizationId) => set({ preferredOrganizationId }),
      setIdleUserLogout: (idleUserLogout) => set({ idleUserLogout }),
      clear: () =>
        set({
          status: null,
          user: null,
          selectedOrganization: null,
          userOrganizations: [],
          preferredOrganizationId: null,
        }),
    }),
    {
      name: 'tv_user',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ status, user, idleUserLogout, selectedOrganization, userOrganizations }) => ({
        status,
        user,
        idleUserLogout,
        selectedOrganization,
        userOrganizations,
      }),
    },
  ),
);

/** A platform-level user: platform role set with at least one permission. */
export const selectIsPlatformUser = (state: Pick<UserState, 'user'>) =>
  state.user ? canPlatform(state.user.platform) : false;
