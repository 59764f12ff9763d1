import { Callout } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * A problem that stops captions and stays on screen until it is solved, rather than a notice that
 * goes away on its own: said at once (an alert), what is wrong, then the way out (`children`: try
 * again, go back). `data-*` attributes (a test id, the problem's code) go on the notice.
 */
export function StandingProblem({
  message,
  children,
  ...data
}: { message: string; children: ReactNode } & { [name: `data-${string}`]: string | number | undefined }) {
  return (
    <Callout intent="danger" compact className="page-callout" role="alert" {...data}>
      <p>{message}</p>
      {children}
    </Callout>
  );
}
