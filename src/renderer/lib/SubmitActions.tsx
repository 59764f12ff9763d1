import { Button } from '@blueprintjs/core';

/** The quiet second action of a form: back, skip, another way in. */
export interface OtherAction {
  label: string;
  onClick: () => void;
  testId?: string;
}

/**
 * The row that ends a form (`.page-actions`): its large primary submit button, which spins while
 * the form's request is under way, and at most one quiet (minimal) other action beside it.
 */
export function SubmitActions(props: { label: string; busy?: boolean; testId: string; other?: OtherAction }) {
  const { other } = props;
  return (
    <div className="page-actions">
      <Button type="submit" intent="primary" size="large" loading={props.busy} data-testid={props.testId}>
        {props.label}
      </Button>
      {other ? (
        <Button variant="minimal" onClick={other.onClick} data-testid={other.testId}>
          {other.label}
        </Button>
      ) : null}
    </div>
  );
}
