import { Alert } from '../../components/Alert.tsx';

/** A form's message area: the server's message for a failed submit, scrolled into view. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert kind="error" scrollIntoView>
      {message}
    </Alert>
  );
}
