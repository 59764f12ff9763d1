import { HTMLSelect, type HTMLSelectProps } from '@blueprintjs/core';
import { forwardRef } from 'react';

/**
 * Blueprint's HTMLSelect with its caret kept out of the accessibility tree: Blueprint titles the
 * caret "Open dropdown" in English whatever the page's language, and the select is already
 * announced as one. Every select of the app is this one.
 */
export const Select = forwardRef<HTMLSelectElement, HTMLSelectProps>(function Select(props, ref) {
  return <HTMLSelect ref={ref} {...props} iconProps={{ title: false, ...props.iconProps }} />;
});
