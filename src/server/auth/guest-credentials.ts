/**
 * Guest credentials: the server signs a guest's avaId with a key only it knows, and the guest
 * presents the result on every HTTP call and socket connection. An avaId is broadcast in every
 * room status, so it proves nothing; the credential is never broadcast.
 *
 * Format: `<avaId>.<HMAC-SHA256(key, "hearken-guest:" + avaId), base64url>`. Stateless to check,
 * so a guest costs no lookup to verify; the key lives in the database (server_secrets) so every
 * server on the same database, and every restart, accepts the same credentials.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { GUEST_CREDENTIAL_PATTERN } from '../../shared/auth';
import type { Database } from '../db';

const KEY_NAME = 'guest-credential-key';
/** Separates this use of the key from any other the server might add later. */
const CONTEXT = 'hearken-guest:';

export class GuestCredentials {
  private constructor(private readonly key: Buffer) {}

  /** With a given key (tests, or a key from configuration). */
  static withKey(key: Buffer): GuestCredentials {
    if (key.length < 32) throw new Error('the guest credential key must have at least 32 bytes');
    return new GuestCredentials(key);
  }

  /**
   * The database's key, made on first use. Two servers starting at once both insert; the
   * conflict keeps the first, and both then read the same one.
   */
  static async load(db: Kysely<Database>, nowMs: number): Promise<GuestCredentials> {
    await db
      .insertInto('server_secrets')
      .values({ name: KEY_NAME, value: randomBytes(32).toString('base64'), created_at_ms: nowMs })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', KEY_NAME)
      .executeTakeFirstOrThrow();
    return GuestCredentials.withKey(Buffer.from(row.value, 'base64'));
  }

  private signature(avaId: string): Buffer {
    return createHmac('sha256', this.key)
      .update(CONTEXT + avaId)
      .digest();
  }

  sign(avaId: string): string {
    return `${avaId}.${this.signature(avaId).toString('base64url')}`;
  }

  /** The avaId the credential proves, or undefined when it is malformed or not ours. */
  verify(credential: unknown): string | undefined {
    if (typeof credential !== 'string' || !GUEST_CREDENTIAL_PATTERN.test(credential)) return undefined;
    const dot = credential.lastIndexOf('.');
    const avaId = credential.slice(0, dot);
    const given = Buffer.from(credential.slice(dot + 1), 'base64url');
    const expected = this.signature(avaId);
    // Constant time, so the signature cannot be guessed a byte at a time from response times.
    return given.length === expected.length && timingSafeEqual(given, expected) ? avaId : undefined;
  }
}
