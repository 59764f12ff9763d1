/** Invite by user query, as the socket's handlers are given it (ConnectionDeps.invitations). */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { AddressLimiter, type RateLimiter } from '../http';
import { perAddressOf, type ServerLimits } from '../limits';
import { realTimers } from '../rooms';
import { type Mailer, noMailer } from '../mail';
import { InvitationDesk } from './desk';
import { UserDirectory } from './directory';

export interface Invitations {
  directory: Pick<UserDirectory, 'candidates' | 'find'>;
  desk: InvitationDesk;
  /**
   * `user-query` and `connection-request` together, keyed `identity:<avaId>` under the room-name
   * look-ups' limit (both find out whether a name exists), and `address:<ip>` under ten times it.
   */
  lookups: { identity: Pick<RateLimiter, 'take'>; address: Pick<RateLimiter, 'take'> };
  /**
   * An invitee with no conversation open is sent the conversation's link by email instead, when
   * a mail server is configured (mail/).
   */
  mail: Pick<Mailer, 'configured' | 'send'>;
}

export function openInvitations(
  db: Kysely<Database>,
  limits: Pick<ServerLimits, 'nameLookups'>,
  options: { mail?: Pick<Mailer, 'configured' | 'send'>; timeoutMs?: number } = {},
): Invitations {
  const { timeoutMs } = options;
  return {
    mail: options.mail ?? noMailer,
    directory: new UserDirectory(db),
    desk: new InvitationDesk(realTimers, timeoutMs),
    lookups: {
      identity: new AddressLimiter(limits.nameLookups),
      address: new AddressLimiter(perAddressOf(limits.nameLookups)),
    },
  };
}
