/**
 * A local stand-in for Twilio, used when no Twilio account is configured (development, tests,
 * the end-to-end server): it speaks Twilio's REST API for calls (twilio-api.ts: Create Call
 * with inline TwiML, update a call's Status to hang up, Basic auth with the account sid and
 * token), posts its status callbacks signed with X-Twilio-Signature, and opens the TwiML's
 * `<Stream>` websocket (its handshake signed too) to send the call's audio as Media Streams
 * do: connected, start (with the custom parameters), 20 ms media frames of base64 mu-law at
 * 8 kHz in real time, stop. As Twilio, a `<Connect><Stream>` whose socket the server closes
 * goes on to the TwiML's next verb: a `<Pause length>` keeps the call on, silent, else it ends;
 * and updating a live call with new `Twiml` stops what it was doing (its stream, with a stop
 * message, or its pause) and runs the new TwiML: a new stream, a new stream sid (cluster mode's
 * takeover, phone-calls/room-calls.ts). The conference goes on talking in real time meanwhile:
 * what it said while no stream was open is not heard.
 *
 * The "conference" it calls answers, listens to the DTMF it is sent (SendDigits, with its
 * waits), and when the codes are right plays a WAV file (16 kHz speech, made into a phone
 * line's sound by TelephoneEncoder), then silence until it is hung up; wrong codes make it hang
 * up, as a conference bridge does.
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { parseWav, toMono } from '../../shared/wav';
import { SAMPLE_RATE_HZ } from '../../shared/constants';
import { type ProviderCallStatus, pressedDigits } from '../../shared/phone-calls';
import { TELEPHONE_FRAME_MS, TELEPHONE_FRAME_SAMPLES, TelephoneEncoder } from '../../shared/telephone-audio';
import {
  TWILIO_API_VERSION,
  type MediaMessage,
  type StartMessage,
  type StopMessage,
  callsPath,
  decodeForm,
  firstOf,
  parseStreamTwiml,
} from './twilio-api';
import { twilioSignature } from './twilio-signature';
import { answerJson, readBody } from '../http';

/** What the number called does (tests choose; the default answers). */
export type StandInOutcome = 'answer' | 'busy' | 'no-answer' | 'failed';

export interface PhoneStandInOptions {
  accountSid: string;
  authToken: string;
  /** The conference's sound (16 kHz mono WAV); none: a silent conference. */
  conferenceAudio?: string;
  /** The DTMF the conference expects (without waits); absent: any codes are taken. */
  expectedDigits?: string;
  /** Time between the call's steps (initiated, ringing, answered). */
  stepMs?: number;
  /** How long one DTMF digit takes to press. */
  digitMs?: number;
  /** Frames sent together (each batch in real time): 5 frames, 100 ms. */
  framesPerBatch?: number;
  /** A call nobody hangs up ends after this (the conference closes). */
  maxCallMs?: number;
  outcome?(to: string): StandInOutcome;
  log?(message: string): void;
}

export interface StandInCall {
  sid: string;
  form: Map<string, string[]>;
  /** The TwiML running now (Create's, or the last update's). */
  twiml: string;
  /** The digits the conference heard (without waits), once dialled. */
  pressed?: string;
  /** Whether the conference took them. */
  admitted?: boolean;
  /** Media frames sent so far. */
  framesSent: number;
  status: ProviderCallStatus;
  done: boolean;
}

interface LiveCall extends StandInCall {
  timers: NodeJS.Timeout[];
  socket?: WebSocket;
  streamSid: string;
  sequence: number;
  callbackSequence: number;
  answeredAt?: number;
  /** When the conference took the codes: its sound plays from then on, in real time. */
  admittedAt?: number;
  /** The pause after a stream, running until it ends the call or new TwiML replaces it. */
  hold?: NodeJS.Timeout;
  /** Streams opened (the first, then one per TwiML update). */
  streams: number;
}

export interface PhoneStandIn {
  url: string;
  calls: ReadonlyMap<string, StandInCall>;
  close(): Promise<void>;
}

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export async function startPhoneStandIn(options: PhoneStandInOptions): Promise<PhoneStandIn> {
  const stepMs = options.stepMs ?? 300;
  const digitMs = options.digitMs ?? 100;
  const framesPerBatch = options.framesPerBatch ?? 5;
  const maxCallMs = options.maxCallMs ?? 10 * 60_000;
  const log = options.log ?? (() => undefined);
  const calls = new Map<string, LiveCall>();
  const conference = (() => {
    if (!options.conferenceAudio) return new Uint8Array(0);
    const samples = toMono(parseWav(new Uint8Array(readFileSync(options.conferenceAudio))));
    return new TelephoneEncoder(SAMPLE_RATE_HZ).encode(samples);
  })();
  const silenceFrame = new Uint8Array(TELEPHONE_FRAME_SAMPLES).fill(0xff);

  function later(call: LiveCall, ms: number, fn: () => void | Promise<void>): void {
    call.timers.push(setTimeout(() => void fn(), ms));
  }

  async function callback(call: LiveCall, status: ProviderCallStatus): Promise<void> {
    call.status = status;
    const url = firstOf(call.form, 'StatusCallback');
    if (!url) return;
    call.callbackSequence += 1;
    const params = new Map<string, string[]>([
      ['AccountSid', [options.accountSid]],
      ['ApiVersion', [TWILIO_API_VERSION]],
      ['CallSid', [call.sid]],
      ['CallStatus', [status]],
      ['Direction', ['outbound-api']],
      ['From', [firstOf(call.form, 'From') ?? '']],
      ['To', [firstOf(call.form, 'To') ?? '']],
      ['CallbackSource', ['call-progress-events']],
      ['SequenceNumber', [String(call.callbackSequence - 1)]],
      ['Timestamp', [new Date().toUTCString()]],
      ...(status === 'completed' && call.answeredAt !== undefined
        ? ([['CallDuration', [String(Math.round((Date.now() - call.answeredAt) / 1000))]]] as [
            string,
            string[],
          ][])
        : []),
    ]);
    const body = new URLSearchParams([...params].flatMap(([k, vs]) => vs.map((v) => [k, v]))).toString();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(options.authToken, url, params),
        },
        body,
      });
      if (!response.ok) log(`status callback ${status} answered ${response.status}`);
    } catch (error) {
      log(`status callback ${status} failed: ${(error as Error).message}`);
    }
  }

  function send(call: LiveCall, message: object): void {
    if (call.socket?.readyState === WebSocket.OPEN) call.socket.send(JSON.stringify(message));
  }

  /** Ends the call: the stream stops, then Twilio's last callback. */
  async function finish(call: LiveCall, status: ProviderCallStatus): Promise<void> {
    if (call.done) return;
    call.done = true;
    for (const t of call.timers) clearTimeout(t);
    if (call.hold) clearTimeout(call.hold);
    stopStream(call);
    await callback(call, status);
  }

  /** The stream ends from Twilio's side: a stop message, then the socket closes. */
  function stopStream(call: LiveCall): void {
    const socket = call.socket;
    if (!socket) return;
    call.socket = undefined;
    call.sequence += 1;
    const stop: StopMessage = {
      event: 'stop',
      sequenceNumber: String(call.sequence),
      streamSid: call.streamSid,
      stop: { accountSid: options.accountSid, callSid: call.sid },
    };
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(stop));
    socket.close();
  }

  /** Runs the call's TwiML: its `<Connect><Stream>`, then (once the server closes it) its pause. */
  function openStream(call: LiveCall): void {
    const stream = parseStreamTwiml(call.twiml);
    if (!stream) {
      log('the TwiML has no <Connect><Stream>');
      void finish(call, 'failed');
      return;
    }
    call.streams += 1;
    if (call.streams > 1) call.streamSid = sid('MZ');
    call.sequence = 0;
    const socket = new WebSocket(stream.url, {
      headers: { 'x-twilio-signature': twilioSignature(options.authToken, stream.url) },
    });
    call.socket = socket;
    socket.on('error', (error) => log(`media stream: ${error.message}`));
    socket.on('close', () => {
      // Stopped from this side (a hang-up, new TwiML): nothing more to run.
      if (call.socket !== socket || call.done) return;
      call.socket = undefined;
      // The server closed it (a refused token, its node gone): the TwiML goes on to its next
      // verb, a pause that keeps the call on for new TwiML, or none, and the call ends.
      if (stream.pauseS === undefined) {
        void finish(call, 'completed');
        return;
      }
      call.hold = setTimeout(() => void finish(call, 'completed'), stream.pauseS * 1000);
    });
    socket.on('open', () => {
      if (call.socket !== socket) return;
      send(call, { event: 'connected', protocol: 'Call', version: '1.0.0' });
      call.sequence = 1;
      const start: StartMessage = {
        event: 'start',
        sequenceNumber: '1',
        streamSid: call.streamSid,
        start: {
          accountSid: options.accountSid,
          streamSid: call.streamSid,
          callSid: call.sid,
          tracks: ['inbound'],
          customParameters: stream.parameters,
          mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        },
      };
      send(call, start);
      streamMedia(call, socket);
    });
  }

  /**
   * The line's sound in real time: silence while the codes are dialled, the conference's
   * sound once they are taken, then silence until someone hangs up.
   */
  function streamMedia(call: LiveCall, socket: WebSocket): void {
    const started = Date.now();
    let frame = 0;
    // Where the conference's sound is now: it started when the codes were taken.
    let offset: number | undefined;
    const batch = () => {
      if (call.done || call.socket !== socket) return;
      for (let i = 0; i < framesPerBatch; i++) {
        let payload: Uint8Array = silenceFrame;
        if (call.admitted && offset === undefined) {
          const heard = Math.floor((Date.now() - (call.admittedAt ?? Date.now())) / TELEPHONE_FRAME_MS);
          offset = heard * TELEPHONE_FRAME_SAMPLES;
        }
        if (offset !== undefined && offset < conference.length) {
          payload = conference.subarray(offset, offset + TELEPHONE_FRAME_SAMPLES);
          offset += TELEPHONE_FRAME_SAMPLES;
        }
        call.sequence += 1;
        const media: MediaMessage = {
          event: 'media',
          sequenceNumber: String(call.sequence),
          streamSid: call.streamSid,
          media: {
            track: 'inbound',
            chunk: String(frame + 1),
            timestamp: String(frame * TELEPHONE_FRAME_MS),
            payload: Buffer.from(payload).toString('base64'),
          },
        };
        send(call, media);
        frame += 1;
        call.framesSent = frame;
      }
      later(call, Math.max(0, started + frame * TELEPHONE_FRAME_MS - Date.now()), batch);
    };
    batch();
  }

  /** SendDigits, pressed in time (w: half a second, W: one), then checked by the conference. */
  function dial(call: LiveCall): void {
    const sequence = firstOf(call.form, 'SendDigits') ?? '';
    let ms = 0;
    for (const c of sequence) ms += c === 'w' ? 500 : c === 'W' ? 1000 : digitMs;
    later(call, ms, async () => {
      call.pressed = pressedDigits(sequence);
      call.admitted = options.expectedDigits === undefined || call.pressed === options.expectedDigits;
      if (call.admitted) call.admittedAt = Date.now();
      if (!call.admitted) {
        log(`the conference refused the codes ${call.pressed}`);
        await finish(call, 'completed');
      }
    });
  }

  function lifecycle(call: LiveCall): void {
    const to = firstOf(call.form, 'To') ?? '';
    const outcome = options.outcome?.(to) ?? 'answer';
    later(call, stepMs, () => callback(call, 'initiated'));
    if (outcome === 'failed') {
      later(call, 2 * stepMs, () => finish(call, 'failed'));
      return;
    }
    later(call, 2 * stepMs, () => callback(call, 'ringing'));
    if (outcome !== 'answer') {
      later(call, 3 * stepMs, () => finish(call, outcome));
      return;
    }
    later(call, 3 * stepMs, async () => {
      call.answeredAt = Date.now();
      await callback(call, 'in-progress');
      if (call.done) return;
      openStream(call);
      dial(call);
      later(call, maxCallMs, () => finish(call, 'completed'));
    });
  }

  const resource = (call: LiveCall) => ({
    sid: call.sid,
    account_sid: options.accountSid,
    to: firstOf(call.form, 'To'),
    from: firstOf(call.form, 'From'),
    status: call.status,
    api_version: TWILIO_API_VERSION,
  });

  const basic = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const createPath = callsPath(options.accountSid);
  const updatePath = new RegExp(
    `^/${TWILIO_API_VERSION}/Accounts/${options.accountSid}/Calls/(CA[0-9a-f]{32})\\.json$`,
  );

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.headers.authorization !== basic) {
        answerJson(response, 401, { code: 20003, message: 'Authenticate', status: 401 });
        return;
      }
      const path = (request.url ?? '').split('?')[0] ?? '';
      if (request.method === 'POST' && path === createPath) {
        const form = decodeForm(await readBody(request));
        for (const required of ['To', 'From', 'Twiml', 'StatusCallback']) {
          if (!firstOf(form, required)) {
            answerJson(response, 400, {
              code: 21201,
              message: `Required parameter ${required} missing.`,
              status: 400,
            });
            return;
          }
        }
        const call: LiveCall = {
          sid: sid('CA'),
          form,
          twiml: firstOf(form, 'Twiml') ?? '',
          streams: 0,
          framesSent: 0,
          status: 'queued',
          done: false,
          timers: [],
          streamSid: sid('MZ'),
          sequence: 0,
          callbackSequence: 0,
        };
        calls.set(call.sid, call);
        answerJson(response, 201, resource(call));
        lifecycle(call);
        return;
      }
      const update = updatePath.exec(path);
      if (request.method === 'POST' && update) {
        const call = calls.get(update[1]!);
        if (!call) {
          answerJson(response, 404, {
            code: 20404,
            message: 'The requested resource was not found',
            status: 404,
          });
          return;
        }
        const form = decodeForm(await readBody(request));
        const status = firstOf(form, 'Status');
        const twiml = firstOf(form, 'Twiml');
        if (status !== undefined) {
          if (status !== 'completed' && status !== 'canceled') {
            answerJson(response, 400, { code: 21220, message: 'Invalid call state', status: 400 });
            return;
          }
          answerJson(response, 200, resource(call));
          void finish(call, call.answeredAt === undefined ? 'canceled' : 'completed');
          return;
        }
        if (twiml === undefined) {
          answerJson(response, 400, {
            code: 21201,
            message: 'One of Twiml, Url or Status is required.',
            status: 400,
          });
          return;
        }
        // Only a call in progress runs new TwiML (Twilio: 21220).
        if (call.done || call.answeredAt === undefined) {
          answerJson(response, 400, {
            code: 21220,
            message: 'Call is not in-progress. Cannot redirect.',
            status: 400,
          });
          return;
        }
        answerJson(response, 200, resource(call));
        if (call.hold) clearTimeout(call.hold);
        call.hold = undefined;
        stopStream(call);
        call.twiml = twiml;
        openStream(call);
        return;
      }
      answerJson(response, 404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
    })().catch((error: Error) => answerJson(response, 500, { message: error.message, status: 500 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    async close() {
      for (const call of calls.values()) {
        call.done = true;
        for (const t of call.timers) clearTimeout(t);
        if (call.hold) clearTimeout(call.hold);
        call.socket?.close();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
