/**
 * The Stripe stand-in's state across restarts (issue 30, item 8): what a store held comes back
 * whole in a new one (customers, subscriptions, invoices, the invoice numbers going on), the
 * file is written atomically and in order, and a missing or unreadable file is said in the log
 * and gives a fresh start, never a throw.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StandInStore } from '../../../../src/server/payments/stand-in-store';
import {
  StandInStateFile,
  emptyStandInState,
  parseStandInState,
} from '../../../../src/server/payments/stand-in-state';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'hearken-stand-in-state-'));
  folders.push(made);
  return made;
}

function logged() {
  const lines: { level: string; message: string; extra?: Record<string, unknown> }[] = [];
  return {
    lines,
    log: (level: string, message: string, extra?: Record<string, unknown>) =>
      lines.push({ level, message, ...(extra ? { extra } : {}) }),
  };
}

/** A store that sold one subscription of 3 licences to a customer, with its first invoice. */
function storeWithASale(origin = 'http://127.0.0.1:9') {
  const store = new StandInStore({ now: () => 1_800_000_000, origin: () => origin });
  const customer = store.createCustomer({ email: 'ann@example.com', name: 'Ann' });
  const session = store.createSession({
    mode: 'subscription',
    customer: customer.id,
    success_url: 'http://hearken/buy',
    line_items: [{ quantity: '3', price_data: { unit_amount: '11900', recurring: { interval: 'month' } } }],
  })!;
  const sub = store.completeSession(store.session(String(session.id))!);
  const invoice = store.recordInvoice(sub, 'subscription_create');
  return { store, customerId: String(customer.id), subId: String(sub.object.id), invoice };
}

describe('StandInStore restored from its snapshot', () => {
  it('keeps its customers, subscriptions and invoices, and numbers the next invoice after the last', () => {
    const sale = storeWithASale();
    const saved = parseStandInState(JSON.stringify(sale.store.snapshot()));
    // The stand-in listens on another port after the restart.
    const restored = new StandInStore(
      { now: () => 1_800_000_100, origin: () => 'http://127.0.0.1:7' },
      saved,
    );
    expect(restored.hasCustomer(sale.customerId)).toBe(true);
    const sub = restored.subscription(sale.subId)!;
    expect(sub.object).toMatchObject({ customer: sale.customerId, status: 'active' });
    expect(restored.subscriptionsOf(sale.customerId)).toHaveLength(1);
    const listed = restored.list('/v1/invoices', { customer: sale.customerId }).body as {
      data: { number: string; hosted_invoice_url: string }[];
    };
    // Its page is on the stand-in as it listens now, not where it listened when it was paid.
    expect(listed.data).toEqual([
      expect.objectContaining({
        number: 'HRKN-0001',
        hosted_invoice_url: `http://127.0.0.1:7/invoice/${String(sale.invoice.id)}`,
      }),
    ]);
    expect(restored.nextPeriod(sale.subId)).toBe(sub);
    expect(restored.recordInvoice(sub, 'subscription_cycle').number).toBe('HRKN-0002');
  });

  it('starts empty without a saved state', () => {
    const store = new StandInStore({ now: () => 0, origin: () => '' });
    expect(store.snapshot()).toEqual(emptyStandInState());
  });
});

describe('parseStandInState', () => {
  const valid = () =>
    JSON.parse(JSON.stringify(storeWithASale().store.snapshot())) as Record<string, unknown>;

  it('takes what a store saved', () => {
    const state = valid();
    expect(parseStandInState(JSON.stringify(state))).toEqual(state);
  });

  it('says what is wrong with anything else', () => {
    const cases: [unknown, string][] = [
      [{ ...valid(), version: 2 }, 'version 2, expected 1'],
      [[], 'not a JSON object'],
      [{ ...valid(), customers: {} }, '"customers" is not a list'],
      [{ ...valid(), invoices: [{ number: 'HRKN-0001' }] }, '"invoices" item 0'],
      [{ ...valid(), subscriptions: [{ object: { id: 'sub_1' } }] }, '"subscriptions" item 0'],
      [{ ...valid(), invoicesNumbered: 0 }, '"invoicesNumbered" is not a count'],
    ];
    for (const [state, problem] of cases) {
      expect(() => parseStandInState(JSON.stringify(state))).toThrow(problem);
    }
    expect(() => parseStandInState('{"version": 1, "customers": [')).toThrow(/^not JSON/);
  });
});

describe('StandInStateFile', () => {
  it('gives a fresh start, said in the log, when there is no file yet', async () => {
    const { lines, log } = logged();
    const file = new StandInStateFile(join(folder(), 'stripe-stand-in.json'), log);
    expect(await file.load()).toEqual(emptyStandInState());
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', message: expect.stringContaining('no saved state') }),
    ]);
  });

  it('reads back what it wrote, written whole through a temporary file', async () => {
    const dir = join(folder(), 'not-made-yet');
    const path = join(dir, 'stripe-stand-in.json');
    const { log } = logged();
    const file = new StandInStateFile(path, log);
    const state = storeWithASale().store.snapshot();
    await file.save(state);
    expect(readdirSync(dir)).toEqual(['stripe-stand-in.json']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(JSON.parse(JSON.stringify(state)));
    expect(await new StandInStateFile(path, log).load()).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it('writes saves in the order they were asked for, the last one winning', async () => {
    const path = join(folder(), 'stripe-stand-in.json');
    const file = new StandInStateFile(path, logged().log);
    const states = [0, 1, 2, 3, 4].map((n) => ({ ...emptyStandInState(), invoicesNumbered: n }));
    await Promise.all(states.map((s) => file.save(s)));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ invoicesNumbered: 4 });
  });

  it('leaves the state before it when a write cannot finish, and writes the next one', async () => {
    const path = join(folder(), 'stripe-stand-in.json');
    const file = new StandInStateFile(path, logged().log);
    await file.save({ ...emptyStandInState(), invoicesNumbered: 1 });
    // The temporary file cannot be made: the write fails before the state file is touched.
    const temporary = `${path}.${process.pid}.tmp`;
    mkdirSync(temporary);
    await expect(file.save({ ...emptyStandInState(), invoicesNumbered: 2 })).rejects.toThrow();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ invoicesNumbered: 1 });
    rmSync(temporary, { recursive: true });
    await file.save({ ...emptyStandInState(), invoicesNumbered: 3 });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ invoicesNumbered: 3 });
  });

  it('sets an unreadable file aside, says why, and starts fresh', async () => {
    const dir = folder();
    const path = join(dir, 'stripe-stand-in.json');
    writeFileSync(path, '{"version": 1, "customers": [');
    const { lines, log } = logged();
    const state = await new StandInStateFile(path, log, () => 42).load();
    expect(state).toEqual(emptyStandInState());
    expect(lines).toEqual([
      {
        level: 'warn',
        message: expect.stringContaining('unreadable: it starts with none'),
        extra: { file: path, problem: expect.stringMatching(/^not JSON/), keptAs: `${path}.unreadable-42` },
      },
    ]);
    // Nothing is lost: the old bytes are kept for a person to look at.
    expect(existsSync(path)).toBe(false);
    expect(readFileSync(`${path}.unreadable-42`, 'utf8')).toBe('{"version": 1, "customers": [');
  });

  it('starts fresh, said in the log, when the file cannot be read at all', async () => {
    // A folder where the file should be: reading it fails with something other than "missing".
    const path = folder();
    const { lines, log } = logged();
    expect(await new StandInStateFile(path, log).load()).toEqual(emptyStandInState());
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', message: expect.stringContaining('could not read') }),
    ]);
  });
});
