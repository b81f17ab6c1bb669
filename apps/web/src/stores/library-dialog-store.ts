import { create } from 'zustand';

export interface LibraryDialogItem {
  id: number;
  title: string;
  /** 'Get the guide', 'Watch the webinar', … */
  actionLabel: string;
}

interface LibraryDialogState {
  item: LibraryDialogItem | null;
  open: (item: LibraryDialogItem) => void;
  close: () => void;
}

/** A gated library item's button opens the one lead form for it (features/leads mounts the dialog). */
export const useLibraryDialogStore = create<LibraryDialogState>()((set) => ({
  item: null,
  open: (item) => set({ item }),
  close: () => set({ item: null }),
}));
