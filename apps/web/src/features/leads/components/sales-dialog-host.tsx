import { lazy, Suspense, useEffect, useState } from 'react';
import { useSalesDialogStore } from '../../../stores/sales-dialog-store';

// The form and its state list load on the first click, keeping them out of every page's bundle.
const SalesDialog = lazy(() => import('./sales-dialog').then((module) => ({ default: module.SalesDialog })));

/** Mounts the "Speak to sales" dialog once any "Talk to sales" button asked for it. */
export function SalesDialogHost() {
  const opened = useSalesDialogStore((state) => state.opened);
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if (opened) setRequested(true);
  }, [opened]);
  if (!requested && !opened) return null;
  return (
    <Suspense fallback={null}>
      <SalesDialog />
    </Suspense>
  );
}
