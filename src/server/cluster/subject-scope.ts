/**
 * Every subject the cluster code uses starts with `hearken.`; on the wire it carries the
 * cluster's name after that root (`hearken.<cluster>.speech.load`), so clusters sharing a NATS
 * server stay apart (cluster-name.ts). The code above nats.ts keeps writing and reading the
 * unscoped subjects: NatsConnection scopes what it sends and unscopes what it receives, reply
 * subjects included, so a reply to a received message goes back to the scoped subject. The
 * client's own inboxes (`_INBOX.`) are not ours and pass through unchanged.
 *
 * Redis keys likewise (`hearken:<cluster>:limit:...`): clusters sharing a Redis keep their own
 * rate limits and socket counts.
 */
const ROOT = 'hearken.';

export function scopeSubject(subject: string, cluster: string | undefined): string {
  if (cluster === undefined || !subject.startsWith(ROOT)) return subject;
  return `${ROOT}${cluster}.${subject.slice(ROOT.length)}`;
}

export function unscopeSubject(subject: string, cluster: string | undefined): string {
  if (cluster === undefined) return subject;
  const scoped = `${ROOT}${cluster}.`;
  return subject.startsWith(scoped) ? ROOT + subject.slice(scoped.length) : subject;
}

const KEY_ROOT = 'hearken:';

export function scopeKey(key: string, cluster: string | undefined): string {
  if (cluster === undefined || !key.startsWith(KEY_ROOT)) return key;
  return `${KEY_ROOT}${cluster}:${key.slice(KEY_ROOT.length)}`;
}
