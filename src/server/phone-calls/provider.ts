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
  /**
   * Cluster mode: seconds the call stays on, silent, after its stream ends without a hang-up
   * (its node died), for the node that takes the room over to stream it again (`restream`).
   * Absent: the call ends with its stream.
   */
  holdAfterStreamS?: number;
}

/** Where a live call's audio is streamed from now on (the room's new owner asks). */
export type Restream = Pick<PlaceCall, 'mediaStreamUrl' | 'streamParameters' | 'holdAfterStreamS'>;

export interface PhoneCallProvider {
  readonly id: string;
  place(call: PlaceCall): Promise<{ sid: string }>;
  /** `answered`: whether the call was answered (a ringing call is cancelled instead). */
  hangUp(sid: string, answered: boolean): Promise<void>;
  /**
   * Streams a live call's audio to a new socket (Twilio: the call updated with new TwiML).
   * Absent: a call cannot move to another process (a SIP trunk's call lives in the one that
   * placed it).
   */
  restream?(sid: string, stream: Restream): Promise<void>;
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
