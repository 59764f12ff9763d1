/**
 * The test meeting's rules, apart from its sockets: who is in, who waits, who hosts. The first
 * person to join hosts and is let in at once; everyone after waits in the waiting room until the
 * host admits them. When the host leaves the meeting ends for everyone. A real meeting service
 * behaves this way (Zoom's and Meet's waiting rooms), which is what the meeting bot must get
 * through.
 */

export interface MeetingPeer {
  id: string;
  name: string;
  admitted: boolean;
}

/** What the meeting tells one peer. */
export type MeetingEvent =
  | { type: 'joined'; id: string; host: boolean }
  | { type: 'waiting' }
  | { type: 'knock'; id: string; name: string }
  | { type: 'admitted'; peers: { id: string; name: string }[] }
  | { type: 'arrived'; id: string; name: string }
  | { type: 'left'; id: string }
  | { type: 'ended' }
  | { type: 'signal'; from: string; data: unknown }
  | { type: 'error'; message: string };

export type Deliver = (to: string, event: MeetingEvent) => void;

export class TestMeeting {
  private readonly peers = new Map<string, MeetingPeer>();
  private hostId: string | undefined;
  private ended = false;

  constructor(private readonly deliver: Deliver) {}

  get isEnded(): boolean {
    return this.ended;
  }

  /** Names of those in the meeting (admitted), for the tests to wait on. */
  admittedNames(): string[] {
    return [...this.peers.values()].filter((p) => p.admitted).map((p) => p.name);
  }

  waitingNames(): string[] {
    return [...this.peers.values()].filter((p) => !p.admitted).map((p) => p.name);
  }

  join(id: string, name: string): void {
    if (this.ended) {
      this.deliver(id, { type: 'ended' });
      return;
    }
    const host = this.hostId === undefined;
    const peer: MeetingPeer = { id, name: name.trim().slice(0, 64) || 'Guest', admitted: false };
    this.peers.set(id, peer);
    this.deliver(id, { type: 'joined', id, host });
    if (host) {
      this.hostId = id;
      this.admit(id);
      return;
    }
    this.deliver(id, { type: 'waiting' });
    this.deliver(this.hostId as string, { type: 'knock', id, name: peer.name });
  }

  /** The host lets `id` in (the host itself is let in on joining). */
  admitBy(from: string, id: string): void {
    if (from !== this.hostId) {
      this.deliver(from, { type: 'error', message: 'Only the host can let people in.' });
      return;
    }
    this.admit(id);
  }

  /** WebRTC offers, answers and candidates pass between admitted peers only. */
  signal(from: string, to: string, data: unknown): void {
    if (!this.peers.get(from)?.admitted || !this.peers.get(to)?.admitted) return;
    this.deliver(to, { type: 'signal', from, data });
  }

  leave(id: string): void {
    const peer = this.peers.get(id);
    if (!peer) return;
    this.peers.delete(id);
    if (id === this.hostId) {
      this.ended = true;
      for (const other of this.peers.keys()) this.deliver(other, { type: 'ended' });
      this.peers.clear();
      return;
    }
    if (peer.admitted)
      for (const other of this.peers.values())
        if (other.admitted) this.deliver(other.id, { type: 'left', id });
  }

  private admit(id: string): void {
    const peer = this.peers.get(id);
    if (!peer || peer.admitted) return;
    const others = [...this.peers.values()].filter((p) => p.admitted);
    peer.admitted = true;
    // The newcomer calls everyone already in; they answer.
    this.deliver(id, { type: 'admitted', peers: others.map((p) => ({ id: p.id, name: p.name })) });
    for (const other of others) this.deliver(other.id, { type: 'arrived', id, name: peer.name });
  }
}
