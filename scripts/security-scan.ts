/**
 * Static security scan of the desktop app with Doyensec's electronegativity: the main process,
 * preload and the shared contract they use, scanned together (its global checks, such as
 * "navigation is limited", need to see all of main at once). Fails on any HIGH finding and
 * lists the MEDIUM and LOW ones, which are for review (each is explained in docs/desktop.md).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const workDir = join('test-results', 'electronegativity');
const scanDir = join(workDir, 'app');
const report = join(workDir, 'report.csv');
rmSync(workDir, { recursive: true, force: true });
mkdirSync(scanDir, { recursive: true });
for (const part of ['main', 'preload', 'shared'])
  cpSync(join('src', part), join(scanDir, part), { recursive: true });

const electronVersion = (
  JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')) as { version: string }
).version;
execFileSync(
  process.execPath,
  [
    // Offline: its translation fetch answered at once (see the file for why).
    '--import',
    './scripts/lib/electronegativity-offline.mjs',
    'node_modules/@doyensec/electronegativity/dist/index.js',
    '--input',
    scanDir,
    '--relative',
    '--verbose',
    'false',
    '--electron-version',
    electronVersion,
    '--output',
    report,
  ],
  { stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 },
);

interface Finding {
  check: string;
  severity: string;
  confidence: string;
  file: string;
  location: string;
  description: string;
}

/** The report is CSV with quoted fields. */
function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field.trim());
      field = '';
    } else field += c;
  }
  out.push(field.trim());
  return out;
}

const findings: Finding[] = readFileSync(report, 'utf8')
  .split('\n')
  .slice(1)
  .filter((l) => l.trim())
  .map((l) => {
    const [check = '', severity = '', confidence = '', file = '', location = '', , description = ''] =
      parseCsvLine(l);
    return { check, severity, confidence, file, location, description };
  });

const high = findings.filter((f) => f.severity === 'HIGH');
for (const f of findings)
  console.log(`${f.severity.padEnd(6)} ${f.check} ${f.file}:${f.location} ${f.description}`);
console.log(
  `electronegativity ${electronVersion}: ${findings.length} finding(s), ${high.length} high` +
    (high.length ? '' : ' (medium and low ones are reviewed in docs/desktop.md)'),
);
if (high.length > 0) process.exit(1);
