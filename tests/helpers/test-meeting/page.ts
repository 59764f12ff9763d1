/**
 * The test meeting's page: a name field and a Join button, a waiting room, and once let in a
 * WebRTC call with everyone else (a mesh: the newcomer offers to each person already in).
 * The microphone is opened only once the person is let in, as a meeting app asks for it on
 * entering the call: a recording played as a fake microphone starts then, not while waiting.
 * "Join with microphone" off joins listening only. The host sees who waits and admits them.
 *
 * Its status line says, in words, where the person is; the meeting bot's page driver reads
 * the same words a person would.
 */
import { TEST_MEETING_TEXTS } from '../../../src/server/meeting-bot/self-hosted/page-drivers';

export function meetingPage(meetingId: string): string {
  const texts = JSON.stringify(TEST_MEETING_TEXTS);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Test meeting ${escapeHtml(meetingId)}</title></head>
<body>
<main>
  <h1>Test meeting</h1>
  <form id="join">
    <label>Your name <input id="name" name="name" autocomplete="name" required></label>
    <label><input id="mic" type="checkbox" checked> Join with microphone</label>
    <button type="submit">Join</button>
  </form>
  <p id="status" role="status"></p>
  <section aria-label="Waiting room" id="waiting-room" hidden><h2>Waiting room</h2><ul id="waiting"></ul></section>
  <section aria-label="People in the meeting"><h2>In the meeting</h2><ul id="people"></ul></section>
  <button id="leave" type="button" hidden>Leave</button>
</main>
<script>
(() => {
  const TEXTS = ${texts};
  const status = document.getElementById('status');
  const people = document.getElementById('people');
  const waiting = document.getElementById('waiting');
  const calls = new Map();
  let socket, me, isHost = false, local, hadOthers = false;

  function say(text) { status.textContent = text; }
  function send(message) { socket.send(JSON.stringify(message)); }
  function showPerson(id, name) {
    const li = document.createElement('li');
    li.id = 'person-' + id;
    li.textContent = name;
    people.append(li);
  }
  function updateAlone() {
    if (calls.size > 0) { hadOthers = true; say(TEXTS.inCall); }
    else if (hadOthers) say(TEXTS.everyoneLeft);
  }
  function call(id) {
    const pc = new RTCPeerConnection();
    calls.set(id, pc);
    if (local) for (const track of local.getTracks()) pc.addTrack(track, local);
    else pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.onicecandidate = (e) => { if (e.candidate) send({ type: 'signal', to: id, data: { candidate: e.candidate.toJSON() } }); };
    pc.ontrack = (e) => {
      const audio = new Audio();
      audio.srcObject = e.streams[0] || new MediaStream([e.track]);
      audio.play().catch(() => undefined);
    };
    return pc;
  }
  async function onSignal(from, data) {
    let pc = calls.get(from);
    if (data.sdp) {
      if (!pc) pc = call(from);
      await pc.setRemoteDescription(data.sdp);
      if (data.sdp.type === 'offer') {
        await pc.setLocalDescription(await pc.createAnswer());
        send({ type: 'signal', to: from, data: { sdp: pc.localDescription.toJSON() } });
      }
    } else if (data.candidate && pc) {
      await pc.addIceCandidate(data.candidate).catch(() => undefined);
    }
  }
  async function offerTo(id) {
    const pc = call(id);
    await pc.setLocalDescription(await pc.createOffer());
    send({ type: 'signal', to: id, data: { sdp: pc.localDescription.toJSON() } });
  }
  document.getElementById('join').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = document.getElementById('name').value;
    const withMic = document.getElementById('mic').checked;
    document.getElementById('join').hidden = true;
    socket = new WebSocket(location.href.replace(/^http/, 'ws') + '/signal');
    socket.onopen = () => send({ type: 'join', name });
    socket.onclose = () => { if (status.textContent !== TEXTS.ended) say(TEXTS.ended); };
    socket.onmessage = async (message) => {
      const event = JSON.parse(message.data);
      if (event.type === 'joined') { me = event.id; isHost = event.host; document.getElementById('waiting-room').hidden = !isHost; }
      else if (event.type === 'waiting') say(TEXTS.waiting);
      else if (event.type === 'knock') {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Admit ' + event.name;
        button.onclick = () => { send({ type: 'admit', id: event.id }); li.remove(); };
        li.append(button);
        waiting.append(li);
      } else if (event.type === 'admitted') {
        if (withMic) local = await navigator.mediaDevices.getUserMedia({ audio: true });
        say(TEXTS.inCall);
        showPerson(me, name + ' (you)');
        document.getElementById('leave').hidden = false;
        for (const peer of event.peers) { showPerson(peer.id, peer.name); await offerTo(peer.id); }
        updateAlone();
      } else if (event.type === 'arrived') { showPerson(event.id, event.name); }
      else if (event.type === 'signal') { await onSignal(event.from, event.data); updateAlone(); }
      else if (event.type === 'left') {
        calls.get(event.id)?.close();
        calls.delete(event.id);
        document.getElementById('person-' + event.id)?.remove();
        updateAlone();
      } else if (event.type === 'ended') {
        for (const pc of calls.values()) pc.close();
        calls.clear();
        say(TEXTS.ended);
      } else if (event.type === 'error') say(event.message);
    };
  });
  document.getElementById('leave').addEventListener('click', () => { socket.close(); say(TEXTS.ended); });
})();
</script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
