import { create } from 'zustand';
import { registerSignOutReset } from './sign-out-resets';

/** The client messages of spec §3, word for word. */
export const alertMessages = {
  success: { header: 'Success!', message: 'Your account has been created.' },
} as const;

export type AlertKind = keyof typeof alertMessages;

export interface AppAlert {
  id: string;
  kind: AlertKind;
  header: string;
  message: string;
}

interface AlertsState {
  alerts: AppAlert[];
  showAlert: (kind: AlertKind) => void;
  dismissAlert: (id: string) => void;
  reset: () => void;
}

let nextId = 0;

/** Messages that outlive the screen that raised them (e.g. a sign-up that navigates on). */
export const useAlertsStore = create<AlertsState>()((set) => ({
  alerts: [],
  showAlert: (kind) => {
    nextId += 1;
    set((state) => ({ alerts: [...state.alerts, { id: `alert-${nextId}`, kind, ...alertMessages[kind] }] }));
  },
  dismissAlert: (id) => set((state) => ({ alerts: state.alerts.filter((alert) => alert.id !== id) })),
  reset: () => set({ alerts: [] }),
}));

registerSignOutReset(() => useAlertsStore.getState().reset());
