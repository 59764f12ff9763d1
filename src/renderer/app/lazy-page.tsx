/**
 * A screen loaded on first visit, in its own chunk: `lazyPage(() => import('...'), 'ExportName')`,
 * one per route module (router.tsx, account-routes.tsx). A guest who joins a room never downloads
 * the accounts, settings, history or desktop screens (docs/web-client.md, "Code splitting").
 * While the chunk loads, the page says so in a status region (the loading screen of sign-in).
 * A chunk that cannot be loaded (a deploy replaced it) throws to the router's error element,
 * whose crash page reloads once.
 */
import { type ComponentType, Suspense, lazy } from 'react';
import { PageLoading } from './PageLoading';

export function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): ComponentType<Props> {
  // Seen as the component it stands for: React's types for lazy() add a ref that a generic
  // Props cannot be shown to lack.
  const Page = lazy(async () => ({ default: (await load())[name] })) as unknown as ComponentType<Props>;
  function LazyPage(props: Props) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
