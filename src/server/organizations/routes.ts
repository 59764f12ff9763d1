/**
 * Organisations (accounts.md sections 2 to 8): creating or joining one, and searching names for
 * the creation screen. Who may call them is in the authorisation table; the rules (name, one
 * admin, one organisation per account, search) are here and in shared/organizations.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError } from '../../shared/api';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import { randomId } from '../../shared/ids';
import {
  ACCESSIBILITY_SERVICES,
  ORGANIZATION_ERRORS,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MESSAGES,
  ORGANIZATION_ROLES,
  ORGANIZATION_SEARCH_RESULTS,
  ORGANIZATION_SIZES,
  ORGANIZATION_TYPES,
  type Organization,
  type OrganizationErrorCode,
  type OrganizationSearchResult,
  type OrganizationType,
  SEARCH_MIN_LENGTH,
  checkOrganizationName,
  normaliseSearch,
  placeKindsFor,
} from '../../shared/organizations';
import { array, formatIssue, object, oneOf, optional, string } from '../../shared/schema';
import { type OrganizationRepository, isUniqueViolation } from './repository';
import type { PlacesSource } from '../places/source';
import { profileOf } from '../http/authenticate';

export interface OrganizationRouteDeps {
  organizations: OrganizationRepository;
  places: PlacesSource;
  now(): number;
  log(level: 'warn', message: string, extra?: Record<string, unknown>): void;
}

const createSchema = object({
  type: oneOf(ORGANIZATION_TYPES),
  // The name rule's own messages come after the schema (it lets any length of name through).
  name: string({ max: ORGANIZATION_NAME_MAX_LENGTH }),
  role: oneOf(ORGANIZATION_ROLES),
  placeId: optional(string({ min: 1, max: 300 })),
  address: optional(string({ max: 300 })),
  size: oneOf(ORGANIZATION_SIZES),
  accessibilityServices: optional(
    array(oneOf(ACCESSIBILITY_SERVICES), { max: ACCESSIBILITY_SERVICES.length }),
  ),
});

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

export function registerOrganizationRoutes(app: FastifyInstance, deps: OrganizationRouteDeps): void {
  const { organizations } = deps;

  app.get<{ Querystring: { keywords?: string; orgType?: string } }>(
    BUSINESS_ROUTES.findOrganizations,
    async (request, reply) => {
      const keywords = typeof request.query.keywords === 'string' ? request.query.keywords : '';
      if (keywords.length > 200) {
        return reply.code(400).send(apiError('invalid-query', 'keywords: must be at most 200 characters'));
      }
      const orgType = request.query.orgType;
      if (orgType !== undefined && !(ORGANIZATION_TYPES as readonly string[]).includes(orgType)) {
        return reply
          .code(400)
          .send(apiError('invalid-query', `orgType: must be one of ${ORGANIZATION_TYPES.join(', ')}`));
      }
      return {
        organizations: await findOrganizations(deps, keywords, orgType as OrganizationType | undefined),
      };
    },
  );

  app.post(BUSINESS_ROUTES.organization, async (request, reply) => {
    const profile = profileOf(request);
    if (!profile) {
      return reply
        .code(400)
        .send(apiError(104, 'No profile for this account yet: create it with PATCH /api/v1/users/me.'));
    }
    const checked = createSchema.check(request.body ?? {});
    if (!checked.ok) return reply.code(400).send(apiError('invalid-body', formatIssue(checked.issue)));
    const body = checked.value;
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
        body.role,
        deps.now(),
      );
      return reply.code(201).send({ ...created, role: body.role } satisfies Organization);
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
      const now = (await organizations.find(org.id))!;
      return reply.code(200).send({ ...now, role: body.role } satisfies Organization);
    }
  });
}
