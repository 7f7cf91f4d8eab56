/**
 * The organisation's address lists (always allowed, always refused), saved apart from the settings
 * form: one address or CIDR range a line, checked with the server's own schema before it is sent.
 */
import { ADDRESS_LIST_MESSAGES as M } from '@gatehouse/common/address-list-messages';
import { addressListsApi as api } from '@gatehouse/common/api/address-lists';
import { addressLists } from '@gatehouse/common/schemas/address-lists';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import { call } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { TextArea } from '../../components/TextArea.tsx';

type Errors = Partial<Record<'allowed' | 'refused', string>>;

export function AddressListsSection() {
  const saved = useQuery({ queryKey: ['organisationSettings', 'addressLists'], queryFn: () => call(api.get), gcTime: 0 });
  return (
    <Card title={M.heading} id="address-lists">
      <p>{M.intro}</p>
      {saved.error ? <Alert kind="error">{saved.error.message}</Alert> : saved.data ? <ListsForm saved={saved.data} /> : <Loader />}
    </Card>
  );
}

function ListsForm({ saved }: { saved: { allowed: string[]; refused: string[] } }) {
  const [allowed, setAllowed] = useState(saved.allowed.join('\n'));
  const [refused, setRefused] = useState(saved.refused.join('\n'));
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);

  const save = useMutation({
    mutationFn: (body: { allowed: string[]; refused: string[] }) => call(api.save, { body }),
    onSuccess: (lists) => {
      setAllowed(lists.allowed.join('\n'));
      setRefused(lists.refused.join('\n'));
      setDone(true);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    const parsed = addressLists.safeParse({ allowed, refused });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const list = issue.path[0] as keyof Errors;
        found[list] = found[list] ? `${found[list]}. ${issue.message}` : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <Form onSubmit={submit} aria-label={M.heading}>
      {save.error && <Alert kind="error">{save.error.message}</Alert>}
      <TextArea
        label={M.allowedLabel}
        hint={M.hint}
        rows={4}
        value={allowed}
        error={errors.allowed}
        onChange={(e) => setAllowed(e.target.value)}
        spellCheck={false}
      />
      <TextArea
        label={M.refusedLabel}
        hint={M.hint}
        rows={4}
        value={refused}
        error={errors.refused}
        onChange={(e) => setRefused(e.target.value)}
        spellCheck={false}
      />
      <div className="settings-actions">
        <div className="settings-status" role="status">
          {done && M.saved}
        </div>
        <Button type="submit" busy={save.isPending}>
          {M.save}
        </Button>
      </div>
    </Form>
  );
}
