import { MFA_MESSAGES as M } from '@gatehouse/common/mfa-messages';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';
import { TextField } from '../../components/TextField.tsx';

type Mode = 'view' | 'rename' | 'remove';

/**
 * One of the person's methods (a factor, a passkey) being renamed, or removed with the password: the
 * mode, the typed value, the problem to show, and the call. `done` ends either with the new list.
 */
export function useRenameOrRemove<T>({
  rename,
  remove,
  onDone,
}: {
  rename: (name: string) => Promise<T>;
  remove: (password: string) => Promise<T>;
  onDone: (result: T) => void;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = (result: T) => {
    setMode('view');
    onDone(result);
  };
  const change = useMutation({
    mutationFn: () => (mode === 'rename' ? rename(value) : remove(value)),
    onMutate: () => setProblem(null),
    onSuccess: done,
    onError: (error) => setProblem(error.message),
  });
  const start = (next: 'rename' | 'remove', initial: string) => {
    setValue(initial);
    setMode(next);
  };
  return { mode, setMode, value, setValue, problem, setProblem, done, change, start };
}

/** The rename or remove form of `item`; `children` are further buttons after the submit button. */
export function RenameOrRemoveForm<T>({
  item,
  removeLabel,
  nameMaxLength,
  showProblem = false,
  children,
}: {
  item: ReturnType<typeof useRenameOrRemove<T>>;
  removeLabel: string;
  nameMaxLength?: number;
  /** Shows the problem in the form (where the item shows it nowhere else). */
  showProblem?: boolean;
  children?: ReactNode;
}) {
  const { mode, value, setValue, change } = item;
  return (
    <Form
      onSubmit={() => {
        if (!change.isPending) change.mutate();
      }}
      noValidate
    >
      {showProblem && item.problem && <Alert kind="error">{item.problem}</Alert>}
      <TextField
        label={mode === 'rename' ? M.passkeyName : M.password}
        hint={mode === 'remove' ? M.passwordHint : undefined}
        type={mode === 'remove' ? 'password' : 'text'}
        autoComplete={mode === 'remove' ? 'current-password' : 'off'}
        maxLength={mode === 'rename' ? nameMaxLength : undefined}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <div className="button-row">
        <Button type="submit" variant="secondary" busy={change.isPending}>
          {mode === 'rename' ? M.save : removeLabel}
        </Button>
        {children}
        <Button variant="link" onClick={() => item.setMode('view')}>
          {M.cancel}
        </Button>
      </div>
    </Form>
  );
}
