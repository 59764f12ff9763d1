/**
 * The transcript on the socket (who may is the access table's): corrections of a line
 * (docs/editing.md), and pages of finals missed or scrolled back to. Both are limited per
 * identity, across its sockets (limits.ts lineEdits, transcriptPages).
 */
import type { ClientMessageOf } from '../../shared/protocol';
import { rateLimited } from '../metrics';
import type { MemberContext, SocketHandler, SocketHandlers } from '../socket';

/** Said to an editor over the identity's (or its address's) allowance of line changes. */
export const LINE_EDITS_RATE_LIMITED_MESSAGE =
  'corrections are coming too fast; wait a moment and send it again';

/**
 * A change of a line is stored, sent to everyone and translated again: limited per identity and
 * per address (shared by all connections, so more sockets give no more edits; issue 31). A
 * cursor move changes nothing stored and is not counted.
 */
export const transcriptEdit: SocketHandler<'transcript-edit'> = async (ctx, message) => {
  if (
    message.mutation.type !== 'cursor' &&
    (!(await ctx.deps.lineEdits.identity.take(`identity:${ctx.member.avaId}`)) ||
      !(await ctx.deps.lineEdits.address.take(`address:${ctx.deps.address}`)))
  ) {
    rateLimited.inc({ limit: 'line-edits' });
    ctx.fail('rate-limited', LINE_EDITS_RATE_LIMITED_MESSAGE, message.type);
    return;
  }
  ctx.room.editTranscript(ctx.member, message.transcriptId, message.mutation);
};

/** A page of finals costs what it returns: limited per identity and per address (shared by all connections). */
async function transcriptPage(
  ctx: MemberContext,
  message: ClientMessageOf<'transcripts-since'> | ClientMessageOf<'transcripts-before'>,
): Promise<void> {
  if (
    !(await ctx.deps.transcriptPages.identity.take(`identity:${ctx.member.avaId}`)) ||
    !(await ctx.deps.transcriptPages.address.take(`address:${ctx.deps.address}`))
  ) {
    rateLimited.inc({ limit: 'transcript-pages' });
    ctx.fail('rate-limited', 'captions are being asked for too often; wait a moment', message.type);
    return;
  }
  ctx.room.requestTranscripts(ctx.member, message);
}

export const transcriptsSince: SocketHandler<'transcripts-since'> = transcriptPage;
export const transcriptsBefore: SocketHandler<'transcripts-before'> = transcriptPage;

/** The transcript's part of the socket's handler table (socket/handlers.ts). */
export const TRANSCRIPT_SOCKET_HANDLERS = {
  'transcript-edit': transcriptEdit,
  'transcripts-since': transcriptsSince,
  'transcripts-before': transcriptsBefore,
} satisfies Partial<SocketHandlers>;
