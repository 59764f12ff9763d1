/**
 * `GET /api/v1/desktop-builds`: the desktop builds on the update feed, for the download page
 * (accounts.md: download). Anyone may read it: it lists what the feed already publishes.
 */
import type { FastifyInstance } from 'fastify';
import { DESKTOP_BUILD_ROUTES, desktopBuildsResponseSchema } from '../../shared/desktop-builds';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import type { DesktopBuildsSource } from './feed';

const route = routeIn('desktop-builds');

export function desktopBuildRoutes(source: DesktopBuildsSource): AnyRoute[] {
  return [
    route('GET', DESKTOP_BUILD_ROUTES.desktopBuilds, {
      summary:
        'The desktop builds for each platform (version, size, file), read from the update feed; configured: false without one.',
      response: { 200: desktopBuildsResponseSchema },
      handler: () => source.get(),
    }),
  ];
}

export function registerDesktopBuildRoutes(app: FastifyInstance, source: DesktopBuildsSource): void {
  registerDescribed(app, desktopBuildRoutes(source));
}
