import type { OrganizationPermission, PlatformPermission } from '@tv/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Who may call a route (decision 040). The guards behind these names are the app's (the identity
 * module's auth plugin decorates them); a route names its access once, here, instead of wiring them.
 * - `public`: anyone, signed in or not;
 * - `session`: any session, an anonymous visitor's included;
 * - `account`: a registered (not anonymous) user;
 * - `platform-staff`: any platform role;
 * - `{ platform }`: a platform role with this permission;
 * - `{ organization }`: this permission in the organisation the `x-asa-organization-id` header names
 *   (a member's role, or a platform role that carries it), found in `request.organization`;
 * - `{ guard }`: a module's own check, for the few routes whose organisation comes from elsewhere
 *   (a path parameter, the survey a share link names).
 */
export type Access =
  | 'public'
  | 'session'
  | 'account'
  | 'platform-staff'
  | { platform: PlatformPermission }
  | { organization: OrganizationPermission }
  | { guard: (request: FastifyRequest) => Promise<void> };

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

/** What a route declares besides its handler: its documentation, its shapes and who may call it. */
export interface RouteDefinition<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
> {
  access: Access;
  summary: string;
  description?: string;
  /** The OpenAPI tags (the module's, unless given). */
  tags?: string[];
  params?: P;
  querystring?: Q;
  body?: B;
  /** The 200 answer; none for a route that sends a file or a redirect. */
  response?: R;
  /** Other answers the route documents (e.g. 201, 202). */
  otherResponses?: Record<number, Schema>;
  /** Request headers the route documents and validates. */
  headers?: Schema;
  /** Anything else of the OpenAPI operation (e.g. `consumes`, `produces`). */
  moreSchema?: Record<string, unknown>;
  hide?: boolean;
  /** Fastify's own route options that some routes need (log level, body limit, rate limit config). */
  options?: Omit<RouteShorthandOptions, 'schema' | 'onRequest'>;
}

export type RouteRequest<P, Q, B> = FastifyRequest<{
  Params: Infer<P>;
  Querystring: Infer<Q>;
  Body: Infer<B>;
}>;

type Handler<P, Q, B, R extends Schema> = (
  request: RouteRequest<P, Q, B>,
  reply: FastifyReply,
) => Promise<z.input<R> | FastifyReply | undefined> | z.input<R> | FastifyReply | undefined;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The guard for an access, from the app's decorations; none for a public route. */
function guardFor(app: FastifyInstance, access: Access) {
  if (access === 'public') return undefined;
  if (access === 'session') return app.requireSession;
  if (access === 'account') return app.requireAccount;
  if (access === 'platform-staff') return app.requirePlatformStaff;
  if ('platform' in access) return app.requirePlatform(access.platform);
  if ('organization' in access) return app.requireOrganization(access.organization);
  return access.guard;
}

/**
 * The one way a module declares its routes (issue 24): `const route = routesOf(app, ['trackers'])`,
 * then `route.get(url, { access, summary, params, response }, handler)`. The handler receives the
 * request typed from the schemas and returns the answer (or sends it through `reply` itself).
 */
export function routesOf(app: FastifyInstance, tags: string[]) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const add =
    (method: Method) =>
    <
      P extends Schema | undefined = undefined,
      Q extends Schema | undefined = undefined,
      B extends Schema | undefined = undefined,
      R extends Schema = Schema,
    >(
      url: string,
      definition: RouteDefinition<P, Q, B, R>,
      handler: Handler<P, Q, B, R>,
    ) => {
      const guard = guardFor(app, definition.access);
      typed.route({
        ...definition.options,
        method,
        url,
        ...(guard ? { onRequest: guard } : {}),
        schema: {
          tags: definition.tags ?? tags,
          summary: definition.summary,
          ...(definition.description ? { description: definition.description } : {}),
          ...(definition.hide ? { hide: true } : {}),
          ...(definition.params ? { params: definition.params } : {}),
          ...(definition.querystring ? { querystring: definition.querystring } : {}),
          ...(definition.body ? { body: definition.body } : {}),
          ...(definition.headers ? { headers: definition.headers } : {}),
          ...(definition.response || definition.otherResponses
            ? {
                response: {
                  ...(definition.response ? { 200: definition.response } : {}),
                  ...definition.otherResponses,
                },
              }
            : {}),
          ...definition.moreSchema,
        },
        handler: handler as never,
      });
    };
  return {
    get: add('GET'),
    post: add('POST'),
    put: add('PUT'),
    patch: add('PATCH'),
    delete: add('DELETE'),
  };
}
