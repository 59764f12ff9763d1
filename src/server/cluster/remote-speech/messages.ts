/**
 * What nodes say to each other about speech decoded off a room's owner. Subjects (internal to
 * the cluster, like every hearken.* subject: NATS is never reachable by clients, docs/deploy.md):
 *   hearken.speech.load            every node: its NodeLoad (placement.ts), every LOAD_EVERY_MS
 *   hearken.speech.serve.<node>    a room's owner to the node decoding its stream: open, audio,
 *                                  flush, boost, close, abort
 *   hearken.speech.owner.<node>    the decoding node to the owner: events, progress, closed,
 *                                  error, refused, gone
 * One subject per direction and node (not per stream): NATS keeps the order of what one
 * connection publishes on one subject, so a stream's open, audio and close arrive in order.
 * A message is a 4-byte header length, the header as JSON, then the body (audio samples).
 */
import type { RecognizerEvent } from '../../../native/speech/types';

export const LOAD_SUBJECT = 'hearken.speech.load';
export const serveSubject = (node: string) => `hearken.speech.serve.${node}`;
export const ownerSubject = (node: string) => `hearken.speech.owner.${node}`;

/** Owner to decoding node. `route`: one placement of one stream (a moved stream gets a new one). */
export type ToDecoder =
  | { op: 'open'; route: string; owner: string; engine: string; lang: string; words: string[] }
  | { op: 'audio'; route: string; owner: string }
  | { op: 'flush'; route: string; owner: string }
  | { op: 'boost'; route: string; owner: string; words: string[] }
  /** Ends the stream: its last results, then 'closed'. */
  | { op: 'close'; route: string; owner: string }
  /** Drops the stream without results: the owner moved it elsewhere. */
  | { op: 'abort'; route: string; owner: string };

/** Decoding node to owner. `processed`: samples of the route decoded so far (its backlog). */
export type ToOwner =
  | { op: 'events'; route: string; events: RecognizerEvent[]; processed: number }
  | { op: 'progress'; route: string; processed: number }
  | { op: 'closed'; route: string }
  | { op: 'error'; route: string; message: string }
  /** Not opened: the node is full, or has no such engine. The owner places it elsewhere. */
  | { op: 'refused'; route: string; reason: string }
  /** Audio for a route the node does not know (it restarted): the owner places it elsewhere. */
  | { op: 'gone'; route: string };

export function encode(header: ToDecoder | ToOwner, body?: ArrayBufferView): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const out = Buffer.allocUnsafe(4 + json.length + (body?.byteLength ?? 0));
  out.writeUInt32BE(json.length, 0);
  json.copy(out, 4);
  if (body) Buffer.from(body.buffer, body.byteOffset, body.byteLength).copy(out, 4 + json.length);
  return out;
}

/** The header and body of a message, or undefined when it is not one (logged by the caller). */
export function decode<T extends ToDecoder | ToOwner>(data: Buffer): { header: T; body: Buffer } | undefined {
  if (data.length < 4) return undefined;
  const length = data.readUInt32BE(0);
  if (4 + length > data.length) return undefined;
  try {
    const header = JSON.parse(data.subarray(4, 4 + length).toString()) as T;
    if (typeof header !== 'object' || header === null || typeof header.op !== 'string') return undefined;
    if (typeof header.route !== 'string') return undefined;
    return { header, body: data.subarray(4 + length) };
  } catch {
    return undefined;
  }
}

/** The samples of an audio body, copied onto an aligned buffer of their own. */
export function samplesOf(body: Buffer): Int16Array {
  const samples = new Int16Array(Math.floor(body.length / 2));
  Buffer.from(samples.buffer).set(body.subarray(0, samples.length * 2));
  return samples;
}
