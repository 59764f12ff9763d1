/**
 * Organisations (accounts.md sections 2 to 8): creating or joining one, and searching names for
 * the creation screen. Who may call them is in the authorisation table; the rules (name, one
 * admin, one organisation per account, search) are here and in shared/organizations.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError, apiErrorSchema } from '../../shared/api';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import { randomId } from '../../shared/ids';
import {
  ORGANIZATION_ERRORS,
  ORGANIZATION_NAME_MESSAGES,
  ORGANIZATION_SEARCH_RESULTS,
  type Organization,
  type OrganizationErrorCode,
  type OrganizationSearchResult,
  type OrganizationType,
  SEARCH_MIN_LENGTH,
  checkOrganizationName,
  createOrganizationBodySchema,
  findOrganizationsQuerySchema,
  findOrganizationsResponseSchema,
  normaliseSearch,
  organizationSchema,
  placeKindsFor,
} from '../../shared/organizations';
import { type OrganizationRepository, isUniqueViolation } from './repository';
import type { MembershipRepository } from './membership';
import { type MembershipRouteDeps, membershipRoutes } from './membership-routes';
import type { PlacesSource } from '../places';
import { profileOf, type AnyRoute, registerDescribed, routeIn } from '../http';

const route = routeIn('organizations');

export interface OrganizationRouteDeps {
  organizations: OrganizationRepository;
  membership: MembershipRepository;
  licences: MembershipRouteDeps['licences'];
  places: PlacesSource;
  now(): number;
  log(level: 'info' | 'warn', message: string, extra?: Record<string, unknown>): void;
}

function organizationError(reply: FastifyReply, status: number, code: OrganizationErrorCode) {
  return reply.code(status).send(apiError(code, ORGANIZATION_ERRORS[code]));
}

/**
 * Up to 3 of Hearken's organisations, then places to fill the 3 (section 4). A place whose name
 * is already one of Hearken's organisations is not offered twice.
 */
export async function findOrganizations(
  deps: Pick<OrganizationRouteDeps, 'organizations' | 'places'>,
  keywords: string,
  type: OrganizationType | undefined,
): Promise<OrganizationSearchResult[]> {
  const key = normaliseSearch(keywords);
  if (key.length < SEARCH_MIN_LENGTH) return [];
  const own = await deps.organizations.search(key, type, ORGANIZATION_SEARCH_RESULTS);
  const results: OrganizationSearchResult[] = own.map((o) => ({
    source: 'hearken',
    id: o.id,
    name: o.name,
    type: o.type,
    ...(o.placeId ? { placeId: o.placeId } : {}),
    ...(o.address ? { address: o.address } : {}),
  }));
  const left = ORGANIZATION_SEARCH_RESULTS - results.length;
  if (left > 0) {
    const taken = new Set(own.map((o) => normaliseSearch(o.name)));
    const places = await deps.places.search({
      key,
      text: keywords.trim(),
      kinds: placeKindsFor(type),
      limit: left + taken.size,
    });
    for (const place of places) {
      if (results.length >= ORGANIZATION_SEARCH_RESULTS) break;
      if (taken.has(normaliseSearch(place.name))) continue;
      results.push({ source: 'places', name: place.name, placeId: place.placeId, address: place.address });
    }
  }
  return results;
}

export function organizationRoutes(deps: OrganizationRouteDeps): AnyRoute[] {
  const { organizations } = deps;
  return [
    route('GET', BUSINESS_ROUTES.findOrganizations, {
      summary: 'Up to 3 organisations or places whose names match the keywords, for the creation screen.',
      query: findOrganizationsQuerySchema,
      response: { 200: findOrganizationsResponseSchema },
      handler: async (request) => ({
        organizations: await findOrganizations(deps, request.query.keywords ?? '', request.query.orgType),
      }),
    }),
    route('POST', BUSINESS_ROUTES.organization, {
      summary: 'Creates an organisation with the caller in it, or joins the one of that name.',
      body: createOrganizationBodySchema,
      response: { 200: organizationSchema, 201: organizationSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const profile = profileOf(request);
        if (!profile) {
          return reply
            .code(400)
            .send(apiError(104, 'No profile for this account yet: create it with PATCH /api/v1/users/me.'));
        }
        const body = request.body;
        const problem = checkOrganizationName(body.name);
        if (problem) {
          return reply
            .code(400)
            .send(apiError(`organization-name-${problem}`, ORGANIZATION_NAME_MESSAGES[problem]));
        }
        if (profile.organizationId) return organizationError(reply, 409, 'alreadyInOrganization');
        const name = body.name.trim().replace(/\s+/g, ' ');
        const existing = await organizations.findByName(name);
        if (existing) return join(existing);
        try {
          const created = await organizations.create(
            {
              id: randomId(20),
              name,
              type: body.type,
              ...(body.placeId ? { placeId: body.placeId } : {}),
              ...(body.address ? { address: body.address.trim() } : {}),
              size: body.size,
              accessibilityServices: body.accessibilityServices ?? [],
            },
            profile.avaId,
            deps.now(),
          );
          // Its creator is its first admin, whatever the form asked (issue 29 F-08).
          return reply.code(201).send({ ...created, role: 'admin' } satisfies Organization);
        } catch (error) {
          // Someone created it a moment ago: joining is what this person asks for now.
          if (!isUniqueViolation(error)) throw error;
          const raced = await organizations.findByName(name);
          if (!raced) throw error;
          return join(raced);
        }

        /** The name is an organisation's already: the same one (type and place) is joined, else refused. */
        async function join(org: Organization) {
          const samePlace = !body.placeId || !org.placeId || body.placeId === org.placeId;
          if (org.type !== body.type || !samePlace) return organizationError(reply, 409, 'nameAlreadyUse');
          if (body.role === 'admin' && org.admin) return organizationError(reply, 409, 'adminAlreadyExists');
          const joined = await organizations.join(org, profile!.avaId, body.role, deps.now());
          if (!joined) return organizationError(reply, 409, 'adminAlreadyExists');
          // The spec lets anyone join by naming it; its admin is told (issue 29 F-15).
          if (org.admin) await deps.membership.recordJoinByName(org.id, profile!.avaId, deps.now());
          const now = (await organizations.find(org.id))!;
          return reply.code(200).send({ ...now, role: body.role } satisfies Organization);
        }
      },
    }),
  ];
}

export function registerOrganizationRoutes(app: FastifyInstance, deps: OrganizationRouteDeps): void {
  registerDescribed(app, [...organizationRoutes(deps), ...membershipRoutes(deps)]);
}
