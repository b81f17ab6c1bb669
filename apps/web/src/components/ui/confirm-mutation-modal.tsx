import { notifications } from '@mantine/notifications';
import { type ReactNode, useRef } from 'react';
import { ConfirmModal } from './confirm-modal';

interface MutationById {
  mutate: (id: string, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
}

interface ConfirmMutationModalProps<TTarget extends { id: string }> {
  /** What the action is about to happen to; the modal is open while there is one. */
  target: TTarget | null;
  onClose: () => void;
  /** Worded from the target, which stays shown while the modal fades out after closing. */
  title: (target: TTarget) => string;
  confirmLabel: string;
  /** Runs with the target's id once confirmed. Reset it before setting a new target. */
  mutation: MutationById;
  /** The notification shown once it worked. */
  success: (target: TTarget) => { title: string; message: string };
  children: (target: TTarget) => ReactNode;
}

/** Asks before a destructive action on one item, runs it, then closes and says it worked. */
export function ConfirmMutationModal<TTarget extends { id: string }>({
  target,
  onClose,
  title,
  confirmLabel,
  mutation,
  success,
  children,
}: ConfirmMutationModalProps<TTarget>) {
  // The last target, so the closing modal keeps its words instead of flashing "Delete ?".
  const shown = useRef(target);
  if (target) shown.current = target;
  const subject = target ?? shown.current;
  return (
    <ConfirmModal
      opened={target !== null}
      title={subject ? title(subject) : ''}
      confirmLabel={confirmLabel}
      pending={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onConfirm={() => {
        if (!target) return;
        // Worked out now: the target is gone by the time the notification shows.
        const notice = success(target);
        mutation.mutate(target.id, {
          onSuccess: () => {
            onClose();
            notifications.show({ color: 'green', ...notice });
          },
        });
      }}
    >
      {subject ? children(subject) : null}
    </ConfirmModal>
  );
}
