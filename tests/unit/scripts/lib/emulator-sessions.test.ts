/**
 * What is put back after the Auth emulator imports its accounts: each exported account's
 * validSince (the import resets it to the import time, revoking every earlier sign-in), found
 * where the export's metadata says.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { exportedAccountsFile, sessionsToRestore } from '../../../../scripts/lib/emulator-sessions';

describe('sessions kept across an emulator restart', () => {
  it('puts back the exported validSince of each account', () => {
    const exported = {
      kind: 'identitytoolkit#DownloadAccountResponse',
      users: [
        { localId: 'ada', email: 'ada@example.com', validSince: '1796468962' },
        { localId: 'grace', validSince: '1796460000', passwordHash: 'fakeHash' },
      ],
    };
    expect(sessionsToRestore(exported)).toEqual([
      { localId: 'ada', validSince: '1796468962' },
      { localId: 'grace', validSince: '1796460000' },
    ]);
  });

  it('skips accounts without a usable validSince and exports that are not account lists', () => {
    expect(
      sessionsToRestore({
        users: [
          { localId: 'no-valid-since' },
          { localId: 'not-a-number', validSince: 'yesterday' },
          { validSince: '1796468962' },
          null,
        ],
      }),
    ).toEqual([]);
    expect(sessionsToRestore({})).toEqual([]);
    expect(sessionsToRestore(null)).toEqual([]);
    expect(sessionsToRestore({ users: 'ada' })).toEqual([]);
  });

  it('reads the accounts where the export metadata puts them', () => {
    expect(exportedAccountsFile('/data/firebase-auth', { auth: { path: 'auth_export' } })).toBe(
      join('/data/firebase-auth', 'auth_export', 'accounts.json'),
    );
    expect(exportedAccountsFile('/data/firebase-auth', { version: '15.34.2' })).toBeUndefined();
  });
});
