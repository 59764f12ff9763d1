import { HTMLSelect, type HTMLSelectProps } from '@blueprintjs/core';
import { forwardRef, useId } from 'react';

/**
 * Blueprint's HTMLSelect with its caret kept out of the accessibility tree: Blueprint titles the
 * caret "Open dropdown" in English whatever the page's language, and the select is already
 * announced as one. Every select of the app is this one.
 */
export const Select = forwardRef<HTMLSelectElement, HTMLSelectProps>(function Select(props, ref) {
  return <HTMLSelect ref={ref} {...props} iconProps={{ title: false, ...props.iconProps }} />;
});

/**
 * A select with its visible label above it (`.inline-field`): the label is tied to the select by
 * a generated id, so it is the name a screen reader announces. The options are its children.
 */
export function LabelledSelect({ label, ...props }: Omit<HTMLSelectProps, 'id'> & { label: string }) {
  const id = useId();
  return (
    <div className="inline-field">
      <label htmlFor={id}>{label}</label>
      <Select id={id} {...props} />
    </div>
  );
}
