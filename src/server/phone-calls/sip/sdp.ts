/**
 * The SDP of a phone call (RFC 4566, offer/answer RFC 3264): the UAC offers one audio stream
 * with G.711 (PCMU/8000 first, PCMA/8000) and telephone-event/8000 for RFC 4733 DTMF; the
 * answer says where the trunk wants RTP sent, which of the codecs it took and the payload type
 * it uses for telephone-event. Pure.
 */

export type G711 = 'pcmu' | 'pcma';

/** The static payload types of G.711 (RFC 3551). */
export const G711_PAYLOAD_TYPES: Record<G711, number> = { pcmu: 0, pcma: 8 };
/** Our dynamic payload type for telephone-event (the answer may choose another). */
export const TELEPHONE_EVENT_PAYLOAD_TYPE = 101;
/** One packet every 20 ms: 160 samples at 8 kHz. */
export const PTIME_MS = 20;

export interface SdpOffer {
  /** The address RTP is to be sent to (ours). */
  address: string;
  port: number;
  /** o= line's session id and version. */
  sessionId: string;
  version?: number;
}

export function buildSdpOffer(offer: SdpOffer): string {
  const ip = offer.address.includes(':') ? 'IP6' : 'IP4';
  const te = TELEPHONE_EVENT_PAYLOAD_TYPE;
  return [
    'v=0',
    `o=hearken ${offer.sessionId} ${offer.version ?? 1} IN ${ip} ${offer.address}`,
    's=Hearken phone call',
    `c=IN ${ip} ${offer.address}`,
    't=0 0',
    `m=audio ${offer.port} RTP/AVP ${G711_PAYLOAD_TYPES.pcmu} ${G711_PAYLOAD_TYPES.pcma} ${te}`,
    `a=rtpmap:${G711_PAYLOAD_TYPES.pcmu} PCMU/8000`,
    `a=rtpmap:${G711_PAYLOAD_TYPES.pcma} PCMA/8000`,
    `a=rtpmap:${te} telephone-event/8000`,
    `a=fmtp:${te} 0-15`,
    `a=ptime:${PTIME_MS}`,
    'a=sendrecv',
    '',
  ].join('\r\n');
}

export interface SdpAnswer {
  /** Where our RTP goes. */
  address: string;
  port: number;
  codec: G711;
  payloadType: number;
  /** The telephone-event payload type of the answer; absent: the trunk takes no RFC 4733 DTMF. */
  telephoneEventPayloadType?: number;
}

export type SdpAnswerResult = { ok: true; answer: SdpAnswer } | { ok: false; reason: string };

/**
 * The answer's first audio stream: its connection (media-level c= before session-level), its
 * port, and the first of its formats that is one of ours. A port of 0 refuses the stream.
 */
export function parseSdpAnswer(sdp: string): SdpAnswerResult {
  const lines = sdp
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  let sessionAddress: string | undefined;
  let media: { port: number; formats: number[]; address?: string; rtpmap: Map<number, string> } | undefined;
  let inOtherMedia = false;
  for (const line of lines) {
    if (line.startsWith('m=')) {
      if (media) break;
      const m = /^m=audio (\d+)(?:\/\d+)? RTP\/(?:S?AVPF?) ([\d ]+)$/.exec(line);
      if (m) {
        media = { port: Number(m[1]), formats: m[2]!.trim().split(/\s+/).map(Number), rtpmap: new Map() };
        inOtherMedia = false;
      } else inOtherMedia = true;
      continue;
    }
    if (inOtherMedia) continue;
    const c = /^c=IN IP[46] ([^\s/]+)/.exec(line);
    if (c) {
      if (media) media.address = c[1]!;
      else sessionAddress = c[1]!;
      continue;
    }
    const rtpmap = /^a=rtpmap:(\d+) ([^/\s]+)\/(\d+)/.exec(line);
    if (rtpmap && media) media.rtpmap.set(Number(rtpmap[1]), `${rtpmap[2]!.toLowerCase()}/${rtpmap[3]}`);
  }
  if (!media) return { ok: false, reason: 'the answer has no audio stream' };
  if (media.port === 0) return { ok: false, reason: 'the answer refused the audio stream' };
  const address = media.address ?? sessionAddress;
  if (!address) return { ok: false, reason: 'the answer has no connection address' };
  const nameOf = (pt: number): string | undefined =>
    media!.rtpmap.get(pt) ?? (pt === 0 ? 'pcmu/8000' : pt === 8 ? 'pcma/8000' : undefined);
  let chosen: { codec: G711; payloadType: number } | undefined;
  let telephoneEvent: number | undefined;
  for (const pt of media.formats) {
    const name = nameOf(pt);
    if (!chosen && name === 'pcmu/8000') chosen = { codec: 'pcmu', payloadType: pt };
    else if (!chosen && name === 'pcma/8000') chosen = { codec: 'pcma', payloadType: pt };
    else if (telephoneEvent === undefined && name === 'telephone-event/8000') telephoneEvent = pt;
  }
  if (!chosen) return { ok: false, reason: 'the answer has neither PCMU nor PCMA' };
  return {
    ok: true,
    answer: {
      address,
      port: media.port,
      ...chosen,
      ...(telephoneEvent !== undefined ? { telephoneEventPayloadType: telephoneEvent } : {}),
    },
  };
}
