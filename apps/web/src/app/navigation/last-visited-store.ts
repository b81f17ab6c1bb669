import { create } from 'zustand';

interface LastVisitedState {
  path: string | null;
  remember: (path: string) => void;
}

/** The path the error screen chooses its button by (spec §2). */
export const useLastVisitedStore = create<LastVisitedState>()((set) => ({
  path: null,
  remember: (path) => set({ path }),
}));

/** A 404 or 401 must not become the remembered destination; every other outcome does. */
export const shouldRememberPath = (errorStatus: number | undefined) =>
  errorStatus !== 404 && errorStatus !== 401;
