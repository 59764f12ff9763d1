/**
 * The phone call provider client in Twilio's shape: `Authorization: Basic` with the account
 * sid and auth token, Create Call with inline TwiML (`<Connect><Stream>`), `SendDigits` for
 * the conference's codes and a signed status callback; hanging up is an update of the call's
 * `Status`, and streaming it again from another node (cluster mode) an update of its `Twiml`. Pointed at the local stand-in when no Twilio account is configured.
 */
import {
  type CallResource,
  type CreateCallForm,
  STATUS_CALLBACK_EVENTS,
  callPath,
  callsPath,
  encodeForm,
  streamTwiml,
} from './twilio-api';
import { type PhoneCallProvider, type PlaceCall, type Restream, PhoneProviderError } from './provider';

/** The provider answers within this or the request is given up (the host sees the unexpected error). */
const REQUEST_TIMEOUT_MS = 15_000;
/** Seconds a conference's number may ring before the call is given up (Twilio's default is 60). */
export const RING_TIMEOUT_S = 30;

export interface TwilioAccount {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The caller id: a number of the account. */
  fromNumber: string;
}

export class TwilioProvider implements PhoneCallProvider {
  readonly id = 'twilio';

  constructor(private readonly account: TwilioAccount) {}

  async place(call: PlaceCall): Promise<{ sid: string }> {
    const form: CreateCallForm = {
      To: call.to,
      From: this.account.fromNumber,
      Twiml: streamTwiml(call.mediaStreamUrl, call.streamParameters, call.holdAfterStreamS),
      ...(call.sendDigits ? { SendDigits: call.sendDigits } : {}),
      StatusCallback: call.statusCallbackUrl,
      StatusCallbackMethod: 'POST',
      StatusCallbackEvent: STATUS_CALLBACK_EVENTS,
      Timeout: String(RING_TIMEOUT_S),
    };
    const response = await this.request(callsPath(this.account.accountSid), form);
    const created = (await response.json().catch(() => ({}))) as Partial<CallResource>;
    if (typeof created.sid !== 'string' || created.sid.length === 0)
      throw new PhoneProviderError('the phone provider answered without a call sid', response.status);
    return { sid: created.sid };
  }

  /** Update a Call with new TwiML: Twilio stops what the call was doing (its stream, or the pause after it) and runs it. */
  async restream(sid: string, stream: Restream): Promise<void> {
    await this.request(callPath(this.account.accountSid, sid), {
      Twiml: streamTwiml(stream.mediaStreamUrl, stream.streamParameters, stream.holdAfterStreamS),
    });
  }

  async hangUp(sid: string, answered: boolean): Promise<void> {
    await this.request(callPath(this.account.accountSid, sid), {
      Status: answered ? 'completed' : 'canceled',
    });
  }

  private async request(
    path: string,
    form: Record<string, string | readonly string[] | undefined>,
  ): Promise<Response> {
    const basic = Buffer.from(`${this.account.accountSid}:${this.account.authToken}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(new URL(path, this.account.apiUrl), {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: encodeForm(form),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PhoneProviderError(`the phone provider cannot be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new PhoneProviderError(
        `the phone provider answered ${response.status}: ${text.slice(0, 200)}`,
        response.status,
      );
    }
    return response;
  }
}
