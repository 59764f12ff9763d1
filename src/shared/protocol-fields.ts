/** Fields the socket protocol's message schemas share (protocol.ts, protocol-audio.ts). */
import { string } from './schema';

/** Ids are opaque to clients, but bounded and printable so they are safe in logs and URLs. */
export const opaqueId = () => string({ min: 1, max: 128, pattern: /^[A-Za-z0-9_.:-]+$/ });
