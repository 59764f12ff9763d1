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
