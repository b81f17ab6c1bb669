import { useUserStore } from '../../../stores/user-store';

/** content~manage writes content; content~view (moderators) only reads it. The server checks both. */
export const useCanManageContent = () =>
  useUserStore((state) => state.user?.platform.permissions.includes('content~manage') ?? false);
