import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema/surveys';
import { HttpError } from '../../plugins/errors';

/**
 * A survey may sit only in a project of its own organisation. A project id from another organisation,
 * or any project for a survey outside an organisation, is refused as if it did not exist: the answer
 * must not tell one organisation what another's project ids are.
 */
export async function assertProjectOfOrganization(
  db: Db,
  projectId: string | null | undefined,
  organizationId: string | null,
): Promise<void> {
  if (!projectId) return;
  const [found] = organizationId
    ? await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, projectId), eq(projects.organizationId, organizationId)))
        .limit(1)
    : [];
  if (!found) {
    throw new HttpError(400, "Choose one of your organization's projects.", 'PROJECT_NOT_FOUND', {
      fields: { projectId: ["Choose one of your organization's projects."] },
    });
  }
}
