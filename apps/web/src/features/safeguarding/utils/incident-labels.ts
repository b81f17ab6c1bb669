import type { Incident } from '@tv/contract';

export const severityColors: Record<Incident['severity'], string> = {
  high: 'red',
  medium: 'orange',
  low: 'yellow',
};
export const severityLabels: Record<Incident['severity'], string> = {
  high: 'High severity',
  medium: 'Medium severity',
  low: 'Low severity',
};
export const statusLabels: Record<Incident['status'], string> = {
  open: 'Open',
  triaged: 'Triaged',
  resolved: 'Resolved',
};
