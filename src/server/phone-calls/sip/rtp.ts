/**
 * RTP packets (RFC 3550 §5.1) of a phone call's audio: the fixed 12-byte header we send
 * (no CSRC, no extension), and the packets a trunk sends, whose CSRCs, header extension and
 * padding are skipped to reach the payload. Pure.
 */

export interface RtpPacket {
  payloadType: number;
  marker: boolean;
  sequence: number;
  timestamp: number;
  ssrc: number;
  payload: Uint8Array;
}

export const RTP_HEADER_BYTES = 12;

export function buildRtp(packet: RtpPacket): Buffer {
  const out = Buffer.alloc(RTP_HEADER_BYTES + packet.payload.length);
  out[0] = 0x80; // version 2, no padding, no extension, no CSRC
  out[1] = (packet.marker ? 0x80 : 0) | (packet.payloadType & 0x7f);
  out.writeUInt16BE(packet.sequence & 0xffff, 2);
  out.writeUInt32BE(packet.timestamp >>> 0, 4);
  out.writeUInt32BE(packet.ssrc >>> 0, 8);
  out.set(packet.payload, RTP_HEADER_BYTES);
  return out;
}

/** A datagram as an RTP packet; undefined when it is not version 2 or is cut short. */
export function parseRtp(data: Uint8Array): RtpPacket | undefined {
  if (data.length < RTP_HEADER_BYTES) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const first = data[0]!;
  if (first >> 6 !== 2) return undefined;
  const padding = (first & 0x20) !== 0;
  const extension = (first & 0x10) !== 0;
  const csrcCount = first & 0x0f;
  let offset = RTP_HEADER_BYTES + csrcCount * 4;
  if (extension) {
    if (data.length < offset + 4) return undefined;
    offset += 4 + view.getUint16(offset + 2) * 4;
  }
  let end = data.length;
  if (padding) {
    const pad = data[data.length - 1]!;
    if (pad === 0) return undefined;
    end -= pad;
  }
  if (end < offset) return undefined;
  const second = data[1]!;
  return {
    payloadType: second & 0x7f,
    marker: (second & 0x80) !== 0,
    sequence: view.getUint16(2),
    timestamp: view.getUint32(4),
    ssrc: view.getUint32(8),
    payload: data.subarray(offset, end),
  };
}

/** RTCP shares the port range in some trunks (rtcp-mux): payload types 72-76 with the marker are RTCP (RFC 5761 §4). */
export function isRtcp(data: Uint8Array): boolean {
  return data.length >= 2 && (data[1]! & 0x7f) >= 72 && (data[1]! & 0x7f) <= 76;
}
