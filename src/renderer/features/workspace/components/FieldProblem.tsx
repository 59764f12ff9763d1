import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * What is wrong with a workspace field, said under it (`.field-problem`), its test id its id.
 * Nothing when there is no problem.
 */
export function FieldProblem({ id, problem }: { id: string; problem: string | undefined }) {
  return problem ? (
    <p id={id} className="field-problem" data-testid={id}>
      {problem}
    </p>
  ) : null;
}

/**
 * The field's side of its FieldProblem: marked invalid and described by the problem while there
 * is one, so a screen reader says it with the field; neither attribute otherwise.
 */
export function problemProps(id: string, problem: string | undefined) {
  return {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? id : undefined,
  } as const;
}

/**
 * A labelled workspace field with its help and, under it, its problem (id `<field>-error`,
 * which the field's problemProps point to); marked danger while there is one.
 */
export function FieldWithProblem(props: {
  label: string;
  field: string;
  help: string;
  problem: string | undefined;
  children: ReactNode;
}) {
  return (
    <FormGroup
      label={props.label}
      labelFor={props.field}
      helperText={props.help}
      intent={props.problem ? 'danger' : 'none'}
    >
      {props.children}
      <FieldProblem id={`${props.field}-error`} problem={props.problem} />
    </FormGroup>
  );
}
