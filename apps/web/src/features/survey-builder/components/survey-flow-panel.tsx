import { Box, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBigDownLines, IconDoorExit, IconEye, IconFlag, IconPlayerPlay } from '@tabler/icons-react';
import { SKIP_TO_END } from '@tv/contract';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { AnchorLink } from '../../../components/ui/links';
import { type FlowNode, surveyFlow } from '../utils/survey-flow';
import { useEditor } from './editor-context';

/** Width of one arrow lane beside the diagram, in pixels. */
const LANE = 12;

/** A line between two boxes of the diagram. */
const Connector = () => (
  <Box
    aria-hidden
    style={{ width: 2, height: 14, marginLeft: 22, background: 'var(--mantine-color-gray-4)' }}
  />
);

function NodeBox({
  node,
  register,
}: {
  node: FlowNode;
  register: (id: string, element: HTMLElement | null) => void;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      ref={(element) => register(node.id, element)}
      bg={node.answerable ? undefined : 'var(--mantine-color-gray-0)'}
      data-testid="flow-node"
    >
      <Stack gap={4}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={700}>
            Q{node.number}
          </Text>{' '}
          {node.title}
        </Text>
        <Text size="xs" c="dimmed">
          {node.type}
        </Text>
        {node.shownIf ? (
          <Rule color="blue" icon={<IconEye size={14} aria-hidden />}>
            Shown if {node.shownIf}
          </Rule>
        ) : null}
        {node.skips.map((skip, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a skip rule has no id; its place is its order of checking.
          <Rule key={index} color="grape" icon={<IconArrowBigDownLines size={14} aria-hidden />}>
            {skip.to === SKIP_TO_END ? 'Ends the survey' : `Skips to ${skip.toLabel}`} if {skip.when}
          </Rule>
        ))}
        {node.screensOutIf ? (
          <Rule color="red" icon={<IconDoorExit size={14} aria-hidden />}>
            Screens out if {node.screensOutIf}
          </Rule>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A rule on a box of the diagram: a tinted line whose words wrap, never cut off. */
function Rule({ color, icon, children }: { color: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Group
      gap={6}
      wrap="nowrap"
      align="flex-start"
      px={8}
      py={4}
      bg={`${color}.0`}
      c={`${color}.9`}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Box mt={2} style={{ flex: 'none', display: 'flex' }}>
        {icon}
      </Box>
      <Text size="xs" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The survey's flow (decision 047): its pages and questions top to bottom, who sees each, skips drawn
 * as arrows beside them, screen-outs and the end; and the same flow as a list in words, the diagram's
 * text alternative. Plain HTML and one SVG layer, readable at 360 px.
 */
export function SurveyFlowPanel() {
  const { draft, survey } = useEditor();
  const flow = useMemo(() => surveyFlow(draft.questions), [draft.questions]);
  const container = useRef<HTMLDivElement>(null);
  const elements = useRef(new Map<string, HTMLElement>());
  const [positions, setPositions] = useState<{ ys: Record<string, number>; height: number; width: number }>({
    ys: {},
    height: 0,
    width: 0,
  });
  const register = (id: string, element: HTMLElement | null) => {
    if (element) elements.current.set(id, element);
    else elements.current.delete(id);
  };

  useLayoutEffect(() => {
    const root = container.current;
    // Measured again whenever the flow changes, as its boxes move.
    if (!root || flow.pages.length === 0) return;
    const measure = () => {
      const top = root.getBoundingClientRect().top;
      const ys: Record<string, number> = {};
      for (const [id, element] of elements.current) {
        const box = element.getBoundingClientRect();
        ys[id] = box.top - top + Math.min(box.height / 2, 18);
      }
      setPositions({ ys, height: root.scrollHeight, width: root.clientWidth });
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(root);
    return () => observer?.disconnect();
  }, [flow]);

  if (draft.questions.length === 0)
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Flow
          </Title>
          <Text>
            The flow draws your survey’s pages, questions and rules once it has questions.{' '}
            <AnchorLink to="/research/builder/survey/$surveyId" params={{ surveyId: survey.id }}>
              Add your first question
            </AnchorLink>
            .
          </Text>
        </Stack>
      </Paper>
    );

  const gutter = (flow.lanes + 1) * LANE;
  const right = positions.width;
  const edgeX = (lane: number) => right - gutter + (lane + 1) * LANE - LANE / 2;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h4">
          Flow
        </Title>
        <Text size="sm" c="dimmed">
          How a teen moves through the survey: who sees each question, where skips lead and who is screened
          out. Arrows on the right are skips.
        </Text>
      </Stack>
      <Box
        ref={container}
        pos="relative"
        pr={gutter}
        role="img"
        aria-label="Diagram of the survey’s flow. The same flow is listed in words below."
        data-testid="flow-diagram"
      >
        <Paper withBorder radius="md" p="xs" ref={(element) => register('__start', element)}>
          <Group gap="xs" wrap="nowrap">
            <IconPlayerPlay size={16} aria-hidden />
            <Text size="sm">Start: the screener (age, gender and US state)</Text>
          </Group>
        </Paper>
        {flow.pages.map((page) => (
          <Box key={page.id}>
            <Connector />
            {flow.paged ? (
              <Paper
                radius="md"
                p="xs"
                style={{ border: '1px dashed var(--mantine-color-gray-5)' }}
                data-testid="flow-page"
              >
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
                  Page {page.number}
                  {page.shuffled ? ' · questions in a random order' : ''}
                </Text>
                <Stack gap={0}>
                  {page.nodes.map((node, index) => (
                    <Box key={node.id}>
                      {index > 0 ? <Connector /> : null}
                      <NodeBox node={node} register={register} />
                    </Box>
                  ))}
                </Stack>
              </Paper>
            ) : (
              page.nodes.map((node, index) => (
                <Box key={node.id}>
                  {index > 0 ? <Connector /> : null}
                  <NodeBox node={node} register={register} />
                </Box>
              ))
            )}
          </Box>
        ))}
        <Connector />
        <Paper withBorder radius="md" p="xs" ref={(element) => register(SKIP_TO_END, element)}>
          <Group gap="xs" wrap="nowrap">
            <IconFlag size={16} aria-hidden />
            <Text size="sm">End: the respondent is thanked</Text>
          </Group>
        </Paper>
        {right > 0 ? (
          <svg
            aria-hidden
            width={right}
            height={positions.height}
            style={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'visible' }}
          >
            <defs>
              <marker
                id="flow-arrow"
                viewBox="0 0 8 8"
                refX="7"
                refY="4"
                markerWidth="7"
                markerHeight="7"
                orient="auto"
              >
                <path d="M0,0 L8,4 L0,8 z" fill="var(--mantine-color-grape-7)" />
              </marker>
            </defs>
            {flow.edges.map((edge) => {
              const from = positions.ys[edge.from];
              const to = positions.ys[edge.to];
              if (from === undefined || to === undefined) return null;
              const x = edgeX(edge.lane);
              const box = right - gutter;
              return (
                <path
                  key={`${edge.from}-${edge.to}`}
                  d={`M${box},${from} H${x} V${to} H${box + 1}`}
                  fill="none"
                  stroke="var(--mantine-color-grape-7)"
                  strokeWidth={1.5}
                  markerEnd="url(#flow-arrow)"
                  data-testid="flow-edge"
                />
              );
            })}
          </svg>
        ) : null}
      </Box>

      <Stack gap="xs" data-testid="flow-in-words">
        <Title order={3} size="h5">
          The flow in words
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>Every teen starts with the screener: age, gender and US state.</List.Item>
          {flow.pages.map((page) => {
            const items = page.nodes.map((node) => (
              <List.Item key={node.id}>
                <Text size="sm" span fw={600}>
                  Question {node.number} (“{node.title}”, {node.type.toLowerCase()}).
                </Text>{' '}
                <Text size="sm" span>
                  {node.sentences.join(' ')}
                </Text>
              </List.Item>
            ));
            return flow.paged ? (
              <List.Item key={page.id}>
                Page {page.number}
                {page.shuffled ? ', its questions in a random order' : ''}:
                <List type="ordered" withPadding spacing={4}>
                  {items}
                </List>
              </List.Item>
            ) : (
              items
            );
          })}
          <List.Item>The survey ends and the respondent is thanked.</List.Item>
        </List>
      </Stack>
    </Stack>
  );
}
