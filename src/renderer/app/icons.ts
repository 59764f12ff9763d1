/**
 * The icons the app names (`icon="plus"`), bundled, so drawing one costs no download. Blueprint's
 * default loader fetches the paths of all of its 600 icons (300 KB per size) the first time any
 * icon is drawn: more than the rest of a guest's page. An icon missing from this list still
 * works (Blueprint's own loader fetches it, with everything else) and is logged in development,
 * so it can be added here.
 */
import { type IconName, type IconPaths, Icons, IconSize } from '@blueprintjs/icons';

// Vite resolves these at build time into the listed modules only (both sizes of each icon).
const PATHS = import.meta.glob<IconPaths>(
  '../../../node_modules/@blueprintjs/icons/lib/esm/generated/{16,20}px/paths/{application,clipboard,cog,cross,disable,download,duplicate,edit,font,fullscreen,hand-up,issue,link,minimize,minus,people,plus,send-message,swap-horizontal,tick}.js',
  { eager: true, import: 'default' },
);

const bundled = new Map<string, IconPaths>(
  Object.entries(PATHS).map(([path, paths]) => {
    const [, size, name] = /\/(16|20)px\/paths\/([a-z0-9-]+)\.js$/.exec(path) ?? [];
    return [`${size}/${name}`, paths];
  }),
);

export function bundledIconPaths(name: string, size: IconSize): IconPaths | undefined {
  return bundled.get(`${size === IconSize.LARGE ? 20 : 16}/${name}`);
}

async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const paths = bundledIconPaths(name, size);
  if (paths) return paths;
  if (import.meta.env.DEV) console.warn(`icon "${name}" is not bundled: add it to app/icons.ts`);
  const { splitPathsBySizeLoader } =
    await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader');
  return splitPathsBySizeLoader(name, size);
}

export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
