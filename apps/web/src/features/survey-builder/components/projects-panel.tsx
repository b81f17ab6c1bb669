import {
  Avatar,
  Button,
  EmptyState,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFolder, IconFolderPlus } from '@tabler/icons-react';
import { createProjectSchema, type Organization } from '@tv/contract';
import { type FormEvent, useState } from 'react';
import { useCreateProject } from '../api/create-project';
import { useProjects } from '../api/get-projects';
import type { BuilderCopy } from '../copy';
import { apiProblem } from '../utils/api-error';

/** The organisation's projects, which group related surveys, and a way to start one. */
export function ProjectsPanel({
  copy,
  organization,
  canCreate,
}: {
  copy: BuilderCopy;
  organization: Organization;
  canCreate: boolean;
}) {
  const projects = useProjects(organization.id);
  const create = useCreateProject();
  const [opened, modal] = useDisclosure(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ name?: string; form?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createProjectSchema.safeParse({ name, description: description.trim() || null });
    if (!parsed.success) {
      setErrors({ name: parsed.error.issues[0]?.message });
      return;
    }
    create.mutate(
      {
        organizationId: organization.id,
        name: parsed.data.name,
        description: parsed.data.description ?? null,
      },
      {
        onSuccess: (project) => {
          notifications.show({ color: 'green', message: `Project “${project.name}” created.` });
          setName('');
          setDescription('');
          setErrors({});
          modal.close();
        },
        onError: (error) => setErrors({ form: apiProblem(error).message }),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="projects-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="projects-title">
            {copy.projectsTitle}
          </Title>
          {canCreate ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFolderPlus size={14} aria-hidden />}
              onClick={modal.open}
            >
              New project
            </Button>
          ) : null}
        </Group>
        {projects.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading projects">
            <Skeleton h={44} />
            <Skeleton h={44} />
          </Stack>
        ) : projects.isError ? (
          <Text size="sm" c="red.8">
            Projects could not be loaded. {apiProblem(projects.error).message}
          </Text>
        ) : projects.data.length === 0 ? (
          <EmptyState
            size="sm"
            icon={<IconFolder size={22} />}
            withIndicatorBackground
            description={copy.emptyProjects}
          />
        ) : (
          <Stack gap="sm" data-testid="project-list">
            {projects.data.map((project) => (
              <Group key={project.id} justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" lineClamp={1}>
                    {project.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {project.surveyCount} survey{project.surveyCount === 1 ? '' : 's'}
                  </Text>
                </Stack>
                <Avatar.Group spacing="sm">
                  {project.users.slice(0, 3).map((member) => (
                    <Tooltip key={member.id} label={`${member.name}, ${member.roleName}`} withArrow>
                      <Avatar size="sm" radius="xl" name={member.name} color="initials" alt={member.name} />
                    </Tooltip>
                  ))}
                </Avatar.Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={opened} onClose={modal.close} title="New project">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Project name"
              required
              data-autofocus
              value={name}
              maxLength={120}
              error={errors.name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Textarea
              label="Description"
              description="Optional: what the surveys in it have in common."
              autosize
              minRows={2}
              maxLength={1000}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
            {errors.form ? (
              <Text size="sm" c="red.8" role="alert">
                {errors.form}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={modal.close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create project
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
