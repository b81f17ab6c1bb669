import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { defaultAudience } from '@tv/contract';
import { AudiencePlanner } from './audience-planner';
import classes from './editor.module.css';
import { useEditor } from './editor-context';
import { EstimateCard } from './estimate-card';

/** Who should answer, with the live estimate; the first change (or 'Use this audience') sets it. */
export function SurveyAudiencePanel() {
  const { draft, edit, editable, copy } = useEditor();
  const audience = draft.audience ?? defaultAudience;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="xl">
          {copy.audienceTitle}
        </Title>
        <Text c="dimmed">{copy.audienceSubtitle}</Text>
      </div>
      {!draft.audience && editable ? (
        <Alert color="blue" variant="light" title="No audience chosen yet">
          <Group justify="space-between" gap="sm">
            <Text size="sm">Below are our suggested defaults: all teens aged 13 to 19, 200 responses.</Text>
            <Button size="xs" onClick={() => edit((current) => ({ ...current, audience: defaultAudience }))}>
              Use this audience
            </Button>
          </Group>
        </Alert>
      ) : null}
      <div className={classes.stickyEstimate}>
        <EstimateCard audience={audience} questionCount={draft.questions.length} title={copy.estimateTitle} />
      </div>
      <AudiencePlanner
        value={audience}
        readOnly={!editable}
        onChange={(next) => edit((current) => ({ ...current, audience: next }))}
      />
    </Stack>
  );
}
