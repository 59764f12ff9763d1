/**
 * The one interface every phone call implementation has (Twilio's REST API, its local stand-in
 * in development and tests, and a SIP trunk: sip-provider.ts): place a call that dials the
 * conference's codes and streams its audio back, and hang it up. What the call then does
 * arrives through the provider's callbacks (status, media), routed by PhoneCalls.
 */
export interface PlaceCall {
  /** E.164. */
  to: string;
  /** DTMF pressed once the call is answered (digits, #, *, w and W for waits). */
  sendDigits: string;
  /** Where the call's status changes are posted (carries the call's token). */
  statusCallbackUrl: string;
  /** The websocket the call's audio is streamed to. */
  mediaStreamUrl: string;
  /** Returned in the media stream's start message: proves the stream is this call's. */
  streamParameters: Record<string, string>;
}

export interface PhoneCallProvider {
  readonly id: string;
  place(call: PlaceCall): Promise<{ sid: string }>;
  /** `answered`: whether the call was answered (a ringing call is cancelled instead). */
  hangUp(sid: string, answered: boolean): Promise<void>;
}

export class PhoneProviderError extends Error {
  constructor(
    message: string,
    /** The HTTP status the provider answered, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}
