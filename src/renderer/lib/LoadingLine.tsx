import { Spinner } from '@blueprintjs/core';

/**
 * A spinner and the words of what is being waited for, on one line (`.loading-line`). The line
 * is a status that screen readers say, unless it is shown inside one already (`insideStatus`),
 * where a second region would not add anything; the spinner itself is never announced.
 */
export function LoadingLine({
  label,
  spinnerSize = 20,
  insideStatus = false,
}: {
  label: string;
  spinnerSize?: number;
  insideStatus?: boolean;
}) {
  return (
    <div role={insideStatus ? undefined : 'status'} className="loading-line">
      <Spinner size={spinnerSize} aria-hidden />
      <span>{label}</span>
    </div>
  );
}
