import { create } from 'zustand';

interface SalesDialogState {
  opened: boolean;
  open: () => void;
  close: () => void;
}

/** Every "Talk to sales" button on the site opens the one "Speak to sales" form. */
export const useSalesDialogStore = create<SalesDialogState>()((set) => ({
  opened: false,
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
}));
