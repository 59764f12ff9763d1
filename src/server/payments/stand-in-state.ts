/**
 * What the Stripe stand-in keeps across restarts (issue 30, item 8): its customers, Checkout
 * sessions, subscriptions, invoices and the number of the last invoice, in one JSON file in the
 * server's data folder. Without it a restart forgot every subscription Hearken still named
 * ("No such subscription" on cancelling) and numbered invoices from HRKN-0001 again.
 *
 * A file of its own, not Hearken's database: the stand-in plays a service outside Hearken,
 * whose ledger Hearken never reads or writes (it only calls its API and hears its webhooks);
 * in Hearken's tables it would be one migration and one repository away from being read as
 * Hearken's own data, and with DATABASE_URL it would land in a PostgreSQL shared by a cluster's
 * nodes, each of which runs a stand-in of its own. The Auth emulator keeps its accounts the same
 * way (data/firebase-auth).
 *
 * Written whole each time, atomically: a temporary file, flushed, then renamed over the old one,
 * so a crash mid-write leaves the previous state, never half of one. A file that cannot be read
 * is set aside (`.unreadable-<time>`), said in the log, and the stand-in starts with nothing; it
 * never stops the server. Portal sessions are not kept: Stripe's last minutes, and a new one is
 * opened each time billing is.
 */
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Json } from './stripe-form';
import type { SessionRecord, SubscriptionRecord } from './stand-in-store';

/** The file's name in the data folder. */
export const STAND_IN_STATE_FILE = 'stripe-stand-in.json';

export const STAND_IN_STATE_VERSION = 1;

export interface StandInState {
  version: typeof STAND_IN_STATE_VERSION;
  customers: Json[];
  sessions: SessionRecord[];
  subscriptions: SubscriptionRecord[];
  /** Oldest first, without their hosted page's address (the stand-in's port changes). */
  invoices: Json[];
  /** How many invoices were numbered: the next is this plus one. */
  invoicesNumbered: number;
}

export function emptyStandInState(): StandInState {
  return {
    version: STAND_IN_STATE_VERSION,
    customers: [],
    sessions: [],
    subscriptions: [],
    invoices: [],
    invoicesNumbered: 0,
  };
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasId = (value: unknown): boolean => isObject(value) && typeof value.id === 'string';

/** A session's or subscription's record: its Stripe object (with an id) and its line item. */
function isRecord(value: unknown): boolean {
  if (!isObject(value) || !hasId(value.object) || !isObject(value.line)) return false;
  return Number.isInteger(value.line.quantity) && typeof value.line.interval === 'string';
}

function isSubscriptionRecord(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof (value as Json).periodStart === 'number' &&
    typeof (value as Json).periodEnd === 'number' &&
    isObject(((value as Json).object as Json).items)
  );
}

/**
 * The state a file holds, checked enough that the stand-in can serve it (ids, line items,
 * periods, the counter); throws saying what is wrong.
 */
export function parseStandInState(text: string): StandInState {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (${(error as Error).message})`);
  }
  if (!isObject(value)) throw new Error('not a JSON object');
  if (value.version !== STAND_IN_STATE_VERSION) {
    throw new Error(`version ${JSON.stringify(value.version)}, expected ${STAND_IN_STATE_VERSION}`);
  }
  const lists = [
    ['customers', hasId],
    ['sessions', isRecord],
    ['subscriptions', isSubscriptionRecord],
    ['invoices', hasId],
  ] as const;
  for (const [name, check] of lists) {
    const list = value[name];
    if (!Array.isArray(list)) throw new Error(`"${name}" is not a list`);
    const bad = list.findIndex((item) => !check(item));
    if (bad >= 0) throw new Error(`"${name}" item ${bad} is not one the stand-in holds`);
  }
  const numbered = value.invoicesNumbered;
  if (!Number.isInteger(numbered) || (numbered as number) < (value.invoices as unknown[]).length) {
    throw new Error('"invoicesNumbered" is not a count of its invoices');
  }
  return value as unknown as StandInState;
}

export type StateLog = (level: 'info' | 'warn', message: string, extra?: Record<string, unknown>) => void;

/** The state file: read once at start, written after every change (see the file's comment). */
export class StandInStateFile {
  /** The write under way, if any; each write waits for the one before it. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly log: StateLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** The state saved before, or a fresh one (missing or unreadable file, said in the log). */
  async load(): Promise<StandInState> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.log('info', 'the checkout stand-in has no saved state yet: it starts with none', {
          file: this.path,
        });
      } else {
        this.log('warn', 'the checkout stand-in could not read its saved state: it starts with none', {
          file: this.path,
          error: (error as Error).message,
        });
      }
      return emptyStandInState();
    }
    try {
      const state = parseStandInState(text);
      this.log('info', 'the checkout stand-in restored its state', {
        file: this.path,
        customers: state.customers.length,
        subscriptions: state.subscriptions.length,
        invoices: state.invoices.length,
      });
      return state;
    } catch (error) {
      const keptAs = `${this.path}.unreadable-${this.now()}`;
      const kept = await rename(this.path, keptAs).then(
        () => true,
        () => false,
      );
      this.log('warn', 'the checkout stand-in’s saved state is unreadable: it starts with none', {
        file: this.path,
        problem: (error as Error).message,
        ...(kept ? { keptAs } : {}),
      });
      return emptyStandInState();
    }
  }

  /**
   * Writes `state` (serialised now, so later changes wait for the next save) once the write
   * before it is done; resolves when it is on disk.
   */
  save(state: StandInState): Promise<void> {
    const text = JSON.stringify(state);
    const write = this.writing.then(() => writeAtomically(this.path, text));
    // A failed write must not stop the ones after it; its caller still hears of it.
    this.writing = write.catch(() => undefined);
    return write;
  }
}

async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(text, 'utf8');
    // On disk before the rename makes it the state: a power cut leaves the old file or this one.
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
}
