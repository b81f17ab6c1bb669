import { lazy, Suspense, useEffect, useState } from 'react';
import { useLibraryDialogStore } from '../../../stores/library-dialog-store';

const LazyLibraryDialog = lazy(() =>
  import('./library-dialog').then((module) => ({ default: module.LibraryDialog })),
);

/** Mounts the library form once a gated item's button asked for it, keeping it out of every page's bundle. */
export function LibraryDialogHost() {
  const opened = useLibraryDialogStore((state) => state.item !== null);
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if (opened) setRequested(true);
  }, [opened]);
  if (!requested && !opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyLibraryDialog />
    </Suspense>
  );
}
