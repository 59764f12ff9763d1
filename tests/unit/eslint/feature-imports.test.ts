/**
 * The ESLint rule that keeps the server's features apart (eslint/feature-imports.js): a file of
 * src/server reaches another feature only through that feature's index.ts.
 */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import featureImports from '../../../eslint/feature-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const server = '/repo/src/server';

tester.run('feature-imports', featureImports, {
  valid: [
    // Through the index, by folder or by file name.
    { filename: `${server}/scribes/desk.ts`, code: "import { RoomRegistry } from '../rooms';" },
    { filename: `${server}/scribes/desk.ts`, code: "import { RoomRegistry } from '../rooms/index';" },
    // Within one's own feature, subfolders included.
    { filename: `${server}/rooms/parts/boost.ts`, code: "import { LiveRoom } from '../room';" },
    // The files directly in src/server are no feature, and shared is no feature of the server.
    { filename: `${server}/rooms/room.ts`, code: "import { ServerLimits } from '../limits';" },
    { filename: `${server}/rooms/room.ts`, code: "import { apiError } from '../../shared/api';" },
    // Packages are not ours to police here.
    { filename: `${server}/rooms/room.ts`, code: "import Fastify from 'fastify';" },
    // Outside src/server the rule says nothing.
    {
      filename: '/repo/tests/unit/server/rooms/room.test.ts',
      code: "import { x } from '../../../../src/server/rooms/room';",
    },
  ],
  invalid: [
    {
      filename: `${server}/scribes/desk.ts`,
      code: "import { RoomRegistry } from '../rooms/registry';",
      errors: [{ messageId: 'deep' }],
    },
    {
      // app.ts is no feature, yet it too goes through the index.
      filename: `${server}/app.ts`,
      code: "export { ScribeDesk } from './scribes/desk';",
      errors: [{ messageId: 'deep' }],
    },
    {
      filename: `${server}/cluster/node.ts`,
      code: "const m = import('../rooms/registry');",
      errors: [{ messageId: 'deep' }],
    },
  ],
});
