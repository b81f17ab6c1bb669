import { create } from 'zustand';
import { registerSignOutReset } from './sign-out-resets';

/** The download message states of spec §3, word for word. */
export const downloadMessageTexts = {
  preparing: 'Preparing your file',
  success: 'Your file is ready to download',
  error: 'Error downloading this file',
} as const;

export type DownloadState = keyof typeof downloadMessageTexts;

export interface DownloadMessage {
  state: DownloadState;
  text: string;
}

interface DownloadMessagesState {
  /** Keyed by what is being downloaded (a report, an export), so several can run at once. */
  messages: Record<string, DownloadMessage>;
  setDownloadState: (key: string, state: DownloadState) => void;
  clearDownloadMessage: (key: string) => void;
  reset: () => void;
}

export const useDownloadMessagesStore = create<DownloadMessagesState>()((set) => ({
  messages: {},
  setDownloadState: (key, state) =>
    set((current) => ({
      messages: { ...current.messages, [key]: { state, text: downloadMessageTexts[state] } },
    })),
  clearDownloadMessage: (key) =>
    set((current) => {
      const { [key]: _removed, ...rest } = current.messages;
      return { messages: rest };
    }),
  reset: () => set({ messages: {} }),
}));

registerSignOutReset(() => useDownloadMessagesStore.getState().reset());
