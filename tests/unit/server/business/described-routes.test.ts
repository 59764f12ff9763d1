/**
 * The business routes (organisations, licences, workspace) and the providers' webhooks as the
 * OpenAPI document shows them (http/openapi.ts): each is there with its summary and the shared
 * schemas it is checked with, and a webhook shows no body schema, since its signature is over
 * the body as sent and the body is read only after it holds.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSINESS_ROUTES } from '../../../../src/shared/business-api';
import { MEETING_BOT_ROUTES } from '../../../../src/shared/api';
import { PHONE_CALL_ROUTES } from '../../../../src/shared/phone-calls';
import { registerOpenApi } from '../../../../src/server/http/openapi';
import { type LicenceRouteDeps, registerLicenceRoutes } from '../../../../src/server/licences/routes';
import {
  type OrganizationRouteDeps,
  registerOrganizationRoutes,
} from '../../../../src/server/organizations/routes';
import { type WorkspaceRouteDeps, registerWorkspaceRoutes } from '../../../../src/server/workspace/routes';
import { type PhoneCallRouteDeps, registerPhoneCallRoutes } from '../../../../src/server/phone-calls/routes';
import {
  type MeetingBotRouteDeps,
  registerMeetingBotRoutes,
} from '../../../../src/server/meeting-bot/routes';

let app: FastifyInstance;
afterEach(() => app?.close());

type Operation = {
  summary?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, unknown>;
};

/** The document of an app holding these routes only (no handler runs: their deps are never used). */
async function documentOf(): Promise<Record<string, Record<string, Operation>>> {
  app = Fastify();
  await registerOpenApi(app, 'test');
  const none = {} as never;
  registerOrganizationRoutes(app, none as OrganizationRouteDeps);
  registerLicenceRoutes(app, none as LicenceRouteDeps);
  registerWorkspaceRoutes(app, none as WorkspaceRouteDeps);
  registerPhoneCallRoutes(app, none as PhoneCallRouteDeps);
  registerMeetingBotRoutes(app, none as MeetingBotRouteDeps);
  await app.ready();
  return (app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> }).paths;
}

/** OpenAPI's form of a path: `{id}` for `:id`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the business routes in the OpenAPI document', () => {
  it('lists each with its summary, its tag and a JSON answer for success', async () => {
    const paths = await documentOf();
    const expected: [string, string, string][] = [
      ['get', BUSINESS_ROUTES.findOrganizations, '200'],
      ['post', BUSINESS_ROUTES.organization, '201'],
      ['get', BUSINESS_ROUTES.licences, '200'],
      ['post', BUSINESS_ROUTES.licences, '200'],
      ['post', BUSINESS_ROUTES.activateTrial, '201'],
      ['post', BUSINESS_ROUTES.magicLink, '200'],
      ['patch', BUSINESS_ROUTES.licence, '200'],
      ['delete', BUSINESS_ROUTES.licence, '200'],
      ['post', BUSINESS_ROUTES.billingPortal, '200'],
      ['post', BUSINESS_ROUTES.stripeWebhook, '200'],
      ['get', BUSINESS_ROUTES.workspaceMembers, '200'],
      ['post', BUSINESS_ROUTES.workspaceMembers, '201'],
      ['patch', BUSINESS_ROUTES.workspaceMember, '200'],
      ['delete', BUSINESS_ROUTES.workspaceMember, '200'],
      ['get', BUSINESS_ROUTES.workspaceOrganization, '200'],
      ['patch', BUSINESS_ROUTES.workspaceOrganization, '200'],
      ['get', BUSINESS_ROUTES.workspaceBilling, '200'],
      ['get', BUSINESS_ROUTES.workspaceSettings, '200'],
      ['patch', BUSINESS_ROUTES.workspaceSettings, '200'],
      ['post', PHONE_CALL_ROUTES.calls, '201'],
      ['delete', PHONE_CALL_ROUTES.call, '200'],
    ];
    for (const [method, url, status] of expected) {
      const operation = paths[openApiPath(url)]?.[method];
      expect(operation?.summary, `${method} ${url}`).toBeTruthy();
      expect(operation?.tags, `${method} ${url}`).toHaveLength(1);
      expect(Object.keys(operation?.responses ?? {}), `${method} ${url}`).toContain(status);
    }
  });

  it('shows the shared schemas the bodies and parameters are checked with', async () => {
    const paths = await documentOf();
    const bodyFields = (operation: Operation | undefined) =>
      Object.keys(operation?.requestBody?.content['application/json']?.schema.properties ?? {});
    expect(bodyFields(paths[BUSINESS_ROUTES.organization]?.post)).toEqual(
      expect.arrayContaining(['type', 'name', 'role', 'size']),
    );
    expect(bodyFields(paths[BUSINESS_ROUTES.workspaceSettings]?.patch)).toEqual([
      'vocabulary',
      'scribeLimitMinutes',
    ]);
    // Checked by its own rule (the panel's words), and still described.
    expect(bodyFields(paths[PHONE_CALL_ROUTES.calls]?.post)).toContain('calleeInternationalNumber');
    const parameters = paths[BUSINESS_ROUTES.findOrganizations]?.get?.parameters ?? [];
    expect(parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['query keywords', 'query orgType']);
    const callback = paths[PHONE_CALL_ROUTES.statusCallback]?.post?.parameters ?? [];
    expect(callback.map((p) => p.name)).toEqual(['token', 'room']);
  });

  it('describes the providers’ webhooks without a body schema', async () => {
    const paths = await documentOf();
    for (const url of [
      BUSINESS_ROUTES.stripeWebhook,
      MEETING_BOT_ROUTES.webhook,
      PHONE_CALL_ROUTES.statusCallback,
    ]) {
      const operation = paths[url]?.post;
      expect(operation?.summary, url).toMatch(/^Called by /);
      expect(operation?.requestBody, url).toBeUndefined();
    }
  });
});
