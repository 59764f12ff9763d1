import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';

/**
 * A large text field of the sign-in and account forms: its label tied to it, said invalid
 * (aria-invalid) when the last answer was about it, described by its help where it has one.
 */
export function LargeField({
  label,
  id,
  testId,
  invalid,
  describedBy,
  onValue,
  ...input
}: Omit<InputGroupProps, 'id' | 'size' | 'onChange'> & {
  label: string;
  id: string;
  testId: string;
  invalid?: boolean;
  describedBy?: string;
  onValue: (value: string) => void;
}) {
  return (
    <FormGroup label={label} labelFor={id}>
      <InputGroup
        id={id}
        size="large"
        {...input}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        data-testid={testId}
        onChange={(event) => onValue(event.target.value)}
      />
    </FormGroup>
  );
}
