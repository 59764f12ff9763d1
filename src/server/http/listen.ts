/**
 * Starts listening and says where: the URL people open. A server bound to every interface is
 * reached at localhost from this machine, so that is what it prints (and what invite links and
 * the providers' callbacks fall back to without a public URL).
 */
import type { FastifyInstance } from 'fastify';

export function displayUrl(host: string, port: number): string {
  const displayHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${displayHost}:${port}`;
}

/** Port 0 asks the system for a free one: the port answered is the one bound. */
export async function listen(
  app: FastifyInstance,
  host: string,
  port: number,
): Promise<{ url: string; port: number }> {
  await app.listen({ host, port });
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return { url: displayUrl(host, bound), port: bound };
}
