import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { registerSignOutReset } from './sign-out-resets';

interface TipsState {
  /** Numbers of the pro tips already dismissed; each shows once until the tips are reset (spec §4). */
  seen: number[];
  dismiss: (tip: number) => void;
  reset: () => void;
}

export const useTipsStore = create<TipsState>()(
  persist(
    (set) => ({
      seen: [],
      dismiss: (tip) => set((state) => (state.seen.includes(tip) ? state : { seen: [...state.seen, tip] })),
      reset: () => set({ seen: [] }),
    }),
    {
      name: 'tv_tips',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ seen }) => ({ seen }),
    },
  ),
);

registerSignOutReset(() => useTipsStore.getState().reset());
