import { create } from 'zustand';
import { type ConsentChoice, pushConsentUpdate, readConsentChoice, writeConsentChoice } from '../lib/consent';

interface ConsentState {
  /** The visitor's stored choice; null until they make one (then everything counts as granted). */
  choice: ConsentChoice | null;
  /** Read from storage after the first render, so server-rendered HTML and hydration agree. */
  loaded: boolean;
  choicesOpen: boolean;
  load: () => void;
  choose: (choice: Pick<ConsentChoice, 'analytics' | 'ads'>) => void;
  openChoices: () => void;
  closeChoices: () => void;
}

export const useConsentStore = create<ConsentState>()((set) => ({
  choice: null,
  loaded: false,
  choicesOpen: false,
  load: () => set({ choice: readConsentChoice(), loaded: true }),
  choose: ({ analytics, ads }) => {
    const choice = { analytics, ads, updatedAt: new Date().toISOString() };
    writeConsentChoice(choice);
    pushConsentUpdate(choice);
    set({ choice, choicesOpen: false });
  },
  openChoices: () => set({ choicesOpen: true }),
  closeChoices: () => set({ choicesOpen: false }),
}));
