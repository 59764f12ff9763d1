/**
 * Serves test meetings on loopback: GET /test-meeting/<id> is the page, and its socket
 * (/test-meeting/<id>/signal) carries joining, the waiting room and WebRTC signalling. Its links
 * (http://127.0.0.1:<port>/test-meeting/<id>) are the ones the meeting bot accepts where
 * HEARKEN_MEETING_BOT_TEST_MEETINGS=1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { TestMeeting } from './meeting';
import { meetingPage } from './page';

export interface TestMeetingServer {
  /** A new meeting's link. */
  newMeetingUrl(): string;
  meeting(url: string): TestMeeting | undefined;
  close(): Promise<void>;
}

const PAGE = /^\/test-meeting\/([A-Za-z0-9-]{1,64})$/;
const SIGNAL = /^\/test-meeting\/([A-Za-z0-9-]{1,64})\/signal$/;

export async function startTestMeetingServer(): Promise<TestMeetingServer> {
  const meetings = new Map<string, { meeting: TestMeeting; sockets: Map<string, WebSocket> }>();
  const server: Server = createServer((request, response) => {
    const match = PAGE.exec(new URL(request.url ?? '/', 'http://x').pathname);
    if (request.method !== 'GET' || !match || !meetings.has(match[1] as string)) {
      response.writeHead(404).end('No such meeting');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(meetingPage(match[1] as string));
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const match = SIGNAL.exec(new URL(request.url ?? '/', 'http://x').pathname);
    const entry = match ? meetings.get(match[1] as string) : undefined;
    if (!entry) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const id = randomUUID();
      entry.sockets.set(id, ws);
      ws.on('message', (raw) => {
        let message: { type?: string; name?: string; id?: string; to?: string; data?: unknown };
        try {
          message = JSON.parse(String(raw)) as typeof message;
        } catch {
          return;
        }
        if (message.type === 'join') entry.meeting.join(id, String(message.name ?? ''));
        else if (message.type === 'admit') entry.meeting.admitBy(id, String(message.id));
        else if (message.type === 'signal') entry.meeting.signal(id, String(message.to), message.data);
      });
      ws.on('close', () => {
        entry.sockets.delete(id);
        entry.meeting.leave(id);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    newMeetingUrl() {
      const id = randomUUID().slice(0, 8);
      const sockets = new Map<string, WebSocket>();
      const meeting = new TestMeeting((to, event) => sockets.get(to)?.send(JSON.stringify(event)));
      meetings.set(id, { meeting, sockets });
      return `http://127.0.0.1:${port}/test-meeting/${id}`;
    },
    meeting(url) {
      return meetings.get(new URL(url).pathname.split('/').pop() ?? '')?.meeting;
    },
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
