/**
 * The transcript on the socket (who may is the access table's): corrections of a line
 * (docs/editing.md), and pages of finals missed or scrolled back to.
 */
import type { ClientMessageOf } from '../../shared/protocol';
import { rateLimited } from '../metrics';
import type { MemberContext, SocketHandler, SocketHandlers } from '../socket';

export const transcriptEdit: SocketHandler<'transcript-edit'> = (ctx, message) => {
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
