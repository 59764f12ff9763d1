/** The server's version is package.json's: what GET /api/v1/config and the OpenAPI document say. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packageRoot, packageVersion } from '../../../src/server/config';

describe('packageVersion', () => {
  it("is the package's version", () => {
    const { version } = JSON.parse(readFileSync(`${packageRoot()}/package.json`, 'utf8')) as {
      version: string;
    };
    expect(packageVersion()).toBe(version);
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
