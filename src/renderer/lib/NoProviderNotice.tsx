import { Callout } from '@blueprintjs/core';
import { useAppSelector } from '../app/hooks';

/**
 * In place of a form that cannot work on this server (no meeting bot or phone provider): what
 * is missing, then what an operator sets. `operator` words it from the variable names, joined
 * in the reader's language ("A, B and C"; the names themselves are not translated).
 */
export function NoProviderNotice({
  message,
  variables,
  operator,
  testId,
}: {
  message: string;
  variables: readonly string[];
  operator: (variables: string) => string;
  testId: string;
}) {
  const language = useAppSelector((s) => s.settings.language);
  const joined = new Intl.ListFormat(language, { type: 'conjunction' }).format(variables);
  return (
    <Callout compact intent="warning" data-testid={testId}>
      <p>{message}</p>
      <p>{operator(joined)}</p>
    </Callout>
  );
}
