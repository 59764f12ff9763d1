import { describe, expect, it } from 'vitest';
import { scopeKey, scopeSubject, unscopeSubject } from '../../../../src/server/cluster/subject-scope';

describe('subjects scoped by the cluster name', () => {
  it("puts the cluster's name after the hearken root, and takes it off again", () => {
    for (const subject of [
      'hearken.speech.load',
      'hearken.cluster.c.abc.in',
      'hearken.speech.serve.node-b',
    ]) {
      const scoped = scopeSubject(subject, 'prod');
      expect(scoped).toBe(subject.replace(/^hearken\./, 'hearken.prod.'));
      expect(unscopeSubject(scoped, 'prod')).toBe(subject);
    }
  });

  it("leaves the client's own inboxes and other subjects as they are", () => {
    expect(scopeSubject('_INBOX.xyz.1', 'prod')).toBe('_INBOX.xyz.1');
    expect(unscopeSubject('_INBOX.xyz.1', 'prod')).toBe('_INBOX.xyz.1');
    expect(scopeSubject('test.abc', 'prod')).toBe('test.abc');
  });

  it("does not take another cluster's name off, nor scope without a name", () => {
    expect(unscopeSubject('hearken.staging.speech.load', 'prod')).toBe('hearken.staging.speech.load');
    expect(scopeSubject('hearken.speech.load', undefined)).toBe('hearken.speech.load');
    expect(unscopeSubject('hearken.prod.speech.load', undefined)).toBe('hearken.prod.speech.load');
  });

  it("puts the cluster's name in Redis keys of ours only", () => {
    expect(scopeKey('hearken:limit:joins:1.2.3.4', 'prod')).toBe('hearken:prod:limit:joins:1.2.3.4');
    expect(scopeKey('hearken:sockets:1.2.3.4', undefined)).toBe('hearken:sockets:1.2.3.4');
    expect(scopeKey('other:key', 'prod')).toBe('other:key');
  });
});
