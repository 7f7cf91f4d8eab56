import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { TWO_STEP_KINDS, type TwoStepKind } from '@gatehouse/common/policy';
import { useId, useState } from 'react';

import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';

/** The methods the organisation offers, in the spec's order: App (always), SMS and Email when allowed. */
export function availableMethods(org: { allowSMSTwoStep: boolean; allowEmailTwoStep: boolean }): TwoStepKind[] {
  return [
    TWO_STEP_KINDS.app,
    ...(org.allowSMSTwoStep ? [TWO_STEP_KINDS.sms] : []),
    ...(org.allowEmailTwoStep ? [TWO_STEP_KINDS.email] : []),
  ];
}

/** Pick a method (App preselected and marked Recommended), then Continue to set it up. */
export function MethodChoice({
  methods,
  onContinue,
  onCancel,
}: {
  methods: readonly TwoStepKind[];
  onContinue: (kind: TwoStepKind) => void;
  /** Back to the list of methods, when adding another. */
  onCancel?: () => void;
}) {
  const [choice, setChoice] = useState<TwoStepKind>(TWO_STEP_KINDS.app);
  const name = useId();
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        onContinue(choice);
      }}
    >
      <fieldset className="method-choice">
        <legend>{MFA_MESSAGES.methodLegend}</legend>
        {methods.map((kind) => (
          <div className="method-option" key={kind}>
            <input
              type="radio"
              id={`${name}-${kind}`}
              name={name}
              value={kind}
              checked={choice === kind}
              onChange={() => setChoice(kind)}
              aria-describedby={`${name}-${kind}-hint`}
            />
            <label htmlFor={`${name}-${kind}`}>
              {MFA_MESSAGES.methods[kind]}
              {kind === TWO_STEP_KINDS.app && (
                <>
                  {' '}
                  <span className="badge">{MFA_MESSAGES.recommended}</span>
                </>
              )}
            </label>
            <p id={`${name}-${kind}-hint`} className="field-hint">
              {MFA_MESSAGES.methodHints[kind]}
            </p>
          </div>
        ))}
      </fieldset>
      <div className="button-row">
        <Button type="submit">{MFA_MESSAGES.continue}</Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {MFA_MESSAGES.cancel}
          </Button>
        )}
      </div>
    </Form>
  );
}
