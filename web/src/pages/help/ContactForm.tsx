import { frontDoorApi } from '@gatehouse/common/api/front-door';
import { HELP_MESSAGES as M } from '@gatehouse/common/help-messages';
import { supportForm, type SupportFormInput } from '@gatehouse/common/schemas/support';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';

import { call } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';
import { TextArea } from '../../components/TextArea.tsx';
import { TextField } from '../../components/TextField.tsx';
import { FormError } from '../../features/forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';

const FIELDS = ['email', 'message'] as const;

/** The contact form: Email address only when signed out (a signed-in user's is their account's), Message, Send. */
export function ContactForm({ signedIn }: { signedIn: boolean }) {
  const schema = useMemo(() => supportForm(signedIn), [signedIn]);
  const form = useForm<SupportFormInput>({ resolver: zodResolver(schema), defaultValues: { email: '', message: '' } });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (values: SupportFormInput) => call(frontDoorApi.support, { body: { ...values } }),
    onSuccess: (result) => {
      setSent(result.message);
      form.reset();
    },
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    setSent(null);
    send.mutate(values);
  });
  const { errors } = form.formState;
  return (
    <>
      {sent && <Alert kind="success">{sent}</Alert>}
      <FormError message={formError} />
      <Form className="contact-form" onSubmit={submit}>
        {!signedIn && (
          <TextField label={M.emailAddress} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        )}
        <TextArea label={M.message} rows={6} hint={M.messageHint} error={errors.message?.message} {...form.register('message')} />
        <Button type="submit" busy={send.isPending}>
          {M.send}
        </Button>
      </Form>
    </>
  );
}
