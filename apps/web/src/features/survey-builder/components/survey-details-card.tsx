import { Paper, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useProjects } from '../api/get-projects';
import { useTags } from '../api/get-tags';
import { lengthError, textLimits } from '../utils/limits';
import { isNewSurvey } from '../utils/new-survey';
import { CharacterCount } from './character-count';
import { useEditor } from './editor-context';

/** The survey's name and description (respondents see both on the assent screen), project and tags. */
export function SurveyDetailsCard() {
  const { survey, draft, edit, editable } = useEditor();
  const organizationId = survey.organizationId;
  const projects = useProjects(organizationId);
  const tags = useTags(editable ? organizationId : null);
  const nameRef = useRef<HTMLInputElement>(null);
  const fresh = editable && isNewSurvey(survey);

  // A new survey opens on its default name, selected: typing replaces it, Tab keeps it.
  useEffect(() => {
    if (!fresh) return;
    nameRef.current?.focus();
    nameRef.current?.select();
  }, [fresh]);

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          About this survey
        </Title>
        <TextInput
          ref={nameRef}
          label="Survey name"
          description="Respondents see it on the first screen."
          required
          value={draft.name}
          readOnly={!editable}
          error={
            draft.name.trim() ? lengthError(draft.name, textLimits.surveyName) : 'Give the survey a name'
          }
          onChange={(event) => {
            const name = event.currentTarget.value;
            edit((current) => ({ ...current, name }));
          }}
          inputContainer={(children) => (
            <>
              {children}
              <CharacterCount id="survey-name-count" value={draft.name} limit={textLimits.surveyName} />
            </>
          )}
        />
        <Textarea
          label="Description"
          description="What the survey is about, in a sentence teens understand. Optional."
          autosize
          minRows={2}
          maxRows={6}
          value={draft.description ?? ''}
          readOnly={!editable}
          error={lengthError(draft.description ?? '', textLimits.description)}
          inputContainer={(children) => (
            <>
              {children}
              <CharacterCount
                id="survey-description-count"
                value={draft.description ?? ''}
                limit={textLimits.description}
              />
            </>
          )}
          onChange={(event) => {
            const description = event.currentTarget.value;
            edit((current) => ({ ...current, description: description || null }));
          }}
        />
        {organizationId ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Project"
              placeholder={projects.isPending ? 'Loading projects…' : 'No project'}
              data={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
              value={draft.projectId}
              clearable
              readOnly={!editable}
              nothingFoundMessage="No projects yet"
              onChange={(projectId) => edit((current) => ({ ...current, projectId }))}
            />
            <TagsInput
              label="Tags"
              placeholder={editable ? 'Add a tag and press Enter' : undefined}
              data={tags.data ?? []}
              value={draft.tags}
              maxTags={20}
              readOnly={!editable}
              onChange={(next) =>
                edit((current) => ({ ...current, tags: next.map((tag) => tag.slice(0, 40)) }))
              }
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}
