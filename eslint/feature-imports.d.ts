// The rule's type, for the test that runs it (tests/unit/eslint/feature-imports.test.ts).
import type { Rule } from 'eslint';

declare const featureImports: Rule.RuleModule;
export default featureImports;
