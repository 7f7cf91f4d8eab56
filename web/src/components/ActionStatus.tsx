/**
 * The outcome of a form's action, shown beside the button that caused it and announced politely to
 * screen readers. The live region is always in the page, so a message that appears in it is read out.
 */
export function ActionStatus({ message }: { message: string | null | false | undefined }) {
  return (
    <p className="action-status" role="status">
      {message || null}
    </p>
  );
}
