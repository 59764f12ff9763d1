// ESLint rule `hearken/feature-imports` (issue 26): in src/server, a file reaches another
// feature's folder only through that folder's index.ts, the feature's public face. A feature's
// other files are its own: it can change them without reading the rest of the server.
//
// A feature is a folder directly under src/server (rooms, scribes, cluster...); its subfolders
// belong to it. The files directly in src/server (app.ts, config.ts, limits.ts...) are no
// feature: anyone may import them, and they import features through their index like everyone.
import { dirname, relative, resolve, sep } from 'node:path';

const SERVER = `${sep}src${sep}server${sep}`;

/** The feature folder a path is in ('' for a file directly in src/server), or undefined outside. */
function featureOf(path) {
  const at = path.lastIndexOf(SERVER);
  if (at < 0) return undefined;
  const rest = path.slice(at + SERVER.length).split(sep);
  return rest.length > 1 ? rest[0] : '';
}

/** The path within its feature ('index' for the folder itself or its index file). */
function withinFeature(path) {
  const at = path.lastIndexOf(SERVER);
  const rest = path
    .slice(at + SERVER.length)
    .split(sep)
    .slice(1)
    .join('/');
  return rest.replace(/\.(ts|tsx|js|mjs)$/, '') || 'index';
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'features of src/server import each other only through their index.ts' },
    schema: [],
    messages: {
      deep: "'{{specifier}}' reaches into {{feature}}/: import what {{feature}} offers from its index ('{{suggestion}}'), or add it there if others should use it",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const own = featureOf(file);
    if (own === undefined) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolve(dirname(file), specifier);
      const feature = featureOf(target + '.ts');
      if (!feature || feature === own) return;
      if (withinFeature(target + '.ts') === 'index') return;
      let suggestion = relative(
        dirname(file),
        resolve(target.slice(0, target.lastIndexOf(SERVER) + SERVER.length), feature),
      );
      if (!suggestion.startsWith('.')) suggestion = `./${suggestion}`;
      context.report({
        node: node.source,
        messageId: 'deep',
        data: { specifier, feature, suggestion: suggestion.split(sep).join('/') },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
