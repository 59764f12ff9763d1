/**
 * Configurations that cannot leak, on the real server:
 * - every response carries the security headers, and the built web client runs under its
 *   Content-Security-Policy in a real browser without a single violation;
 * - `node src/server/main.ts` refuses to start with a configuration that would expose the Auth
 *   emulator or take invite links from requests, saying which variable to change;
 * - its request logs (standard output) carry no token, credential or Authorization header.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { EMULATOR_NETWORK_OVERRIDE } from '../../src/server/config-safety';
import { freePort } from '../../scripts/lib/auth-emulator';
import { launchChromium } from '../e2e/browser';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { seedDatabase } from '../helpers/database-template';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB_INDEX = join(ROOT, 'dist/web/index.html');

function expectSecurityHeaders(response: Response, what: string): string {
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), what).toBe('no-referrer');
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self';");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'none'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  return csp;
}

describe('security headers', () => {
  let server: TestServer;
  let emulatorPort: number;

  beforeAll(async () => {
    // An emulator address (nothing need answer there): the policy must let the client reach it.
    emulatorPort = await freePort();
    server = await startTestServer({ env: { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}` } });
  });

  afterAll(async () => {
    await server?.close();
    if (server) removeDataDir(server.dataDir);
  });

  it('are on API answers, errors included', async () => {
    const csp = expectSecurityHeaders(await fetch(`${server.url}${API.health}`), 'health');
    expect(csp).toContain(`http://127.0.0.1:${emulatorPort}`);
    // The page's own socket, spelt out for browsers whose 'self' does not cover ws(s).
    expect(csp).toContain(`ws://${new URL(server.url).host} `);
    expectSecurityHeaders(await fetch(`${server.url}/api/v1/tokens/unknown-token`), 'unknown token');
    expectSecurityHeaders(await fetch(`${server.url}/api/v1/no-such-route`), 'unknown route');
  });

  it("are on the web client's page and files, whose scripts the policy allows", async () => {
    if (!existsSync(WEB_INDEX)) {
      console.log(`config-safety: ${WEB_INDEX} is not built (npm run build:web); page checks not run`);
      return;
    }
    const page = await fetch(`${server.url}/web`);
    expect(page.status).toBe(200);
    expectSecurityHeaders(page, '/web');
    const html = await page.text();
    // No inline script: every script is a file of this server ('self').
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body!.trim(), 'inline script').toBe('');
      expect(attributes).toMatch(/\ssrc="\/[^/]/);
    }
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    const files = [...html.matchAll(/\s(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const response = await fetch(`${server.url}${file}`);
      expect(response.status, file).toBe(200);
      expectSecurityHeaders(response, file);
      // nosniff: a script or style sheet served under another type would be refused.
      if (file.endsWith('.js')) expect(response.headers.get('content-type'), file).toMatch(/javascript/);
      if (file.endsWith('.css')) expect(response.headers.get('content-type'), file).toMatch(/text\/css/);
    }

    // And in a browser: the client starts and renders under the policy, with no violation.
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      await tab.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __violations: string[] }).__violations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      const consoleViolations: string[] = [];
      tab.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
      });
      for (const path of ['/web', '/web/signup']) {
        await tab.goto(`${server.url}${path}`);
        await tab.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0, null, {
          timeout: 20_000,
        });
        await tab.waitForTimeout(1500);
        const violations = await tab.evaluate(
          () => (window as unknown as { __violations: string[] }).__violations,
        );
        expect(violations, path).toEqual([]);
      }
      expect(consoleViolations).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the server's entry point with exactly this environment (plus PATH and HOME). */
function runServer(
  env: Record<string, string>,
  whileRunning?: (url: string) => Promise<void>,
  timeoutMs = 90_000,
): Promise<Run> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server/main.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HEARKEN_PORT: '0',
        HEARKEN_SPEECH_WORKERS: '1',
        HEARKEN_WARM_DECODERS: '0',
        HEARKEN_TIER_BASIC: 'pocketsphinx',
        HEARKEN_TIER_PREMIUM: 'pocketsphinx',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not finish in time:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const running = /Hearken is running: open (http:\/\/\S+)\/web/.exec(stdout);
      if (running && !started) {
        started = true;
        const done = whileRunning ? whileRunning(running[1]!) : Promise.resolve();
        done.then(
          () => child.kill('SIGTERM'),
          (error: unknown) => {
            child.kill('SIGTERM');
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout, stderr });
    });
  });
}

describe('the server entry point', () => {
  it('refuses to listen beyond loopback without HEARKEN_PUBLIC_URL', async () => {
    const dataDir = tempDataDir();
    try {
      const run = await runServer({ HEARKEN_HOST: '0.0.0.0', HEARKEN_DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stdout).not.toContain('Hearken is running');
      expect(run.stderr).toMatch(/Hearken could not start: refusing to start: .*HEARKEN_PUBLIC_URL/);
    } finally {
      removeDataDir(dataDir);
    }
  });

  it('refuses to expose the Auth emulator, naming the override for private networks', async () => {
    const dataDir = tempDataDir();
    try {
      const run = await runServer({
        HEARKEN_HOST: '0.0.0.0',
        HEARKEN_PUBLIC_URL: 'https://captions.example.org',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        HEARKEN_DATA_DIR: dataDir,
      });
      expect(run.code).toBe(1);
      expect(run.stdout).not.toContain('Hearken is running');
      expect(run.stderr).toContain('HEARKEN_HOST=0.0.0.0');
      expect(run.stderr).toContain(EMULATOR_NETWORK_OVERRIDE);
    } finally {
      removeDataDir(dataDir);
    }
  });

  it('logs requests without their tokens, credentials or Authorization header', async () => {
    const dataDir = tempDataDir();
    // The run's migrated database: this test is about the log, not a first start's initdb.
    seedDatabase(dataDir);
    const secrets = ['ROOMTOKEN1x', 'QUERYTOKEN2x', 'AUTHHEADER3x', 'CREDENTIAL4x', 'IDTOKEN5x'];
    try {
      const run = await runServer({ HEARKEN_LOG_LEVEL: 'info', HEARKEN_DATA_DIR: dataDir }, async (url) => {
        await fetch(`${url}/api/v1/tokens/${secrets[0]}?token=${secrets[1]}`, {
          headers: { Authorization: `Basic ${secrets[2]}` },
        });
        await fetch(`${url}${API.health}?credential=${secrets[3]}&identityToken=${secrets[4]}`);
      });
      expect(run.code).toBe(0);
      const log = run.stdout + run.stderr;
      // The requests were logged, with the secrets masked.
      expect(log).toContain('/api/v1/tokens/[redacted]?token=[redacted]');
      expect(log).toContain(`${API.health}?credential=[redacted]&identityToken=[redacted]`);
      for (const secret of secrets) expect(log, secret).not.toContain(secret);
    } finally {
      removeDataDir(dataDir);
    }
  });
});
