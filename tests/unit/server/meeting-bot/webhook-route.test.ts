/**
 * The meeting bot provider's status webhook: the signature over the bytes sent is checked
 * first, then the body; a signed body that is not JSON is answered 400 in our shape, a signed
 * status event is applied, an unsigned one is refused.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MEETING_BOT_ROUTES } from '../../../../src/shared/api';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import {
  registerMeetingBotRoutes,
  type MeetingBotRouteDeps,
} from '../../../../src/server/meeting-bot/routes';
import { newWebhookSecret, signWebhook } from '../../../../src/server/meeting-bot/svix-signature';

async function webhookApp() {
  const secret = newWebhookSecret();
  const statuses: string[] = [];
  const app = Fastify();
  registerErrorHandler(app);
  registerMeetingBotRoutes(app, {
    bots: { status: (botId: string, code: string) => statuses.push(`${botId} ${code}`) },
    webhookSecret: secret,
    now: () => Date.now(),
    log: () => undefined,
  } as unknown as MeetingBotRouteDeps);
  await app.ready();
  const post = (body: string, signed: boolean) =>
    app.inject({
      method: 'POST',
      url: MEETING_BOT_ROUTES.webhook,
      headers: {
        'content-type': 'application/json',
        ...(signed ? signWebhook(secret, 'msg_1', Date.now(), body) : {}),
      },
      payload: body,
    });
  return { app, post, statuses };
}

describe('the meeting bot webhook', () => {
  it('answers a signed body that is not JSON with 400 invalid-json', async () => {
    const { app, post, statuses } = await webhookApp();
    const response = await post('{"event": "bot.', true);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-json');
    expect(statuses).toEqual([]);
    await app.close();
  });

  it('applies a signed status event, and refuses the same unsigned', async () => {
    const { app, post, statuses } = await webhookApp();
    const body = JSON.stringify({
      event: 'bot.done',
      data: { bot: { id: 'bot_1' }, data: { code: 'done' } },
    });
    expect((await post(body, false)).statusCode).toBe(401);
    expect(statuses).toEqual([]);
    expect((await post(body, true)).statusCode).toBe(204);
    expect(statuses).toEqual(['bot_1 done']);
    await app.close();
  });
});
