import { useUserStore } from '../../../stores/user-store';

/** commerce~manage changes products and orders; commerce~view only reads them. The server checks both. */
export const useCanManageShop = () =>
  useUserStore((state) => state.user?.platform.permissions.includes('commerce~manage') ?? false);
