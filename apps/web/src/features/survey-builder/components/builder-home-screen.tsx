import { ActionIcon, Alert, Grid, Group, Menu, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBulb,
  IconChartLine,
  IconDots,
  IconListSearch,
  IconTargetArrow,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { effectiveOrganizationPermissions, type SurveySummary } from '@tv/contract';
import { type ReactNode, useMemo } from 'react';
import { ButtonLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { useTipsStore } from '../../../stores/tips-store';
import { selectIsPlatformUser, useUserStore } from '../../../stores/user-store';
import { useProjects } from '../api/get-projects';
import { useSurveys } from '../api/get-surveys';
import type { BuilderCopy } from '../copy';
import { apiProblem } from '../utils/api-error';
import { creationOrganization } from '../utils/permissions';
import { CreateSurveyPanel } from './create-survey-panel';
import { ProjectsPanel } from './projects-panel';
import { SurveyGroups } from './survey-groups';

interface BuilderHomeScreenProps {
  copy: BuilderCopy;
  proTip?: ReactNode;
}

/** The builder's home: start a survey, follow each one by stage, group them in projects. */
export function BuilderHomeScreen({ copy, proTip }: BuilderHomeScreenProps) {
  const user = useUserStore((state) => state.user);
  const status = useUserStore((state) => state.status);
  const selectedOrganization = useUserStore((state) => state.selectedOrganization);
  const isPlatformUser = useUserStore(selectIsPlatformUser);
  const resetTips = useTipsStore((state) => state.reset);

  // The organisation whose surveys are listed: the selected one, when the user belongs to it.
  const membership = user?.organizations.find((o) => o.id === selectedOrganization?.id) ?? null;
  const creationTarget = creationOrganization(user, selectedOrganization);
  const organizationSurveys = useSurveys(membership?.id ?? null, Boolean(membership));
  const personalSurveys = useSurveys(null, Boolean(user));
  const projects = useProjects(membership?.id ?? null);

  const surveys = useMemo(() => {
    const byId = new Map<string, SurveySummary>();
    for (const survey of [
      ...(organizationSurveys.data?.surveys ?? []),
      ...(personalSurveys.data?.surveys ?? []),
    ])
      byId.set(survey.id, survey);
    return [...byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }, [organizationSurveys.data, personalSurveys.data]);

  const moveTargets = (user?.organizations ?? []).filter((organization) =>
    effectiveOrganizationPermissions(organization.permissions).includes('surveys~create'),
  );
  const projectNames = new Map((projects.data ?? []).map((project) => [project.id, project.name]));
  const loading =
    !user || personalSurveys.isPending || (Boolean(membership) && organizationSurveys.isPending);
  const failed = organizationSurveys.error ?? personalSurveys.error;

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <ScreenHeader
          area={membership?.name ?? 'Survey builder'}
          title={copy.homeTitle}
          description={copy.homeSubtitle}
        />
        <Group gap="xs">
          {isPlatformUser ? (
            <ButtonLink
              to="/research/builder/admin/surveys"
              variant="default"
              leftSection={<IconListSearch size={16} aria-hidden />}
            >
              All surveys
            </ButtonLink>
          ) : null}
          {membership ? (
            <ButtonLink
              to="/research/builder/trackers"
              variant="default"
              leftSection={<IconChartLine size={16} aria-hidden />}
            >
              Trackers
            </ButtonLink>
          ) : null}
          <ButtonLink
            to="/research/builder/survey/new-audience"
            variant="default"
            leftSection={<IconTargetArrow size={16} aria-hidden />}
          >
            Plan an audience
          </ButtonLink>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="More builder actions">
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconBulb size={16} aria-hidden />}
                onClick={() => {
                  resetTips();
                  notifications.show({ message: 'Pro tips will show again, one at a time.' });
                }}
              >
                Reset tips
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      {status === 'anonymous' ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconUserPlus size={20} aria-hidden />}
          title="You are building as a guest"
        >
          Your drafts are kept for you. <Link to="/register">Create a free account</Link> to submit them for
          moderation and share them with your team.
        </Alert>
      ) : null}

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <CreateSurveyPanel copy={copy} organization={creationTarget} />
            <SurveyGroups
              copy={copy}
              surveys={surveys}
              loading={loading}
              error={failed ? apiProblem(failed).message : null}
              onRetry={() => {
                void organizationSurveys.refetch();
                void personalSurveys.refetch();
              }}
              moveTargets={moveTargets}
              projectNames={projectNames}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {proTip}
            {membership ? (
              <ProjectsPanel
                copy={copy}
                organization={membership}
                canCreate={effectiveOrganizationPermissions(membership.permissions).includes(
                  'surveys~create',
                )}
              />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
