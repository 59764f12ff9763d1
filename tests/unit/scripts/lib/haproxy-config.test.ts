import { describe, expect, it } from 'vitest';
import { haproxyConfig } from '../../../../scripts/lib/haproxy-config';

describe('the local cluster’s HAProxy configuration', () => {
  const config = haproxyConfig({
    bind: '127.0.0.1',
    port: 8080,
    nodes: [
      { name: 'node-a', host: '127.0.0.1', port: 8081 },
      { name: 'node-b', host: '127.0.0.1', port: 8082 },
    ],
  });

  it('puts every node behind one address with a health check', () => {
    expect(config).toContain('  bind 127.0.0.1:8080');
    expect(config).toContain('  server node-a 127.0.0.1:8081 check');
    expect(config).toContain('  server node-b 127.0.0.1:8082 check');
    expect(config).toContain('  option httpchk GET /api/v1/ready');
  });

  it('keeps caption sockets open past the HTTP timeouts and passes the client’s address on', () => {
    expect(config).toMatch(/timeout tunnel 12h/);
    expect(config).toContain('  option forwardfor');
  });
});
