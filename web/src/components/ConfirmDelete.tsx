import { Alert } from './Alert.tsx';
import { Dialog } from './Dialog.tsx';

/** What ConfirmDelete reads of the page's delete mutation (TanStack Query's result fits it). */
interface Deletion {
  isPending: boolean;
  error: Error | null;
  mutate: () => void;
}

/**
 * The end of an edit card whose thing can be deleted: why a delete was refused, if it was, and the
 * important dialog that asks before the delete runs.
 */
export function ConfirmDelete({
  open,
  header,
  text,
  button,
  deletion,
  onCancel,
}: {
  open: boolean;
  header: string;
  text: string;
  button: string;
  deletion: Deletion;
  onCancel: () => void;
}) {
  return (
    <>
      {deletion.error && <Alert kind="error">{deletion.error.message}</Alert>}
      <Dialog
        open={open}
        header={header}
        text={text}
        affirmativeButtonText={button}
        important
        busy={deletion.isPending}
        onAffirm={() => deletion.mutate()}
        onCancel={onCancel}
      />
    </>
  );
}
