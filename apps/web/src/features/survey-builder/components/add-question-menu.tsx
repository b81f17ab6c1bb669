import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import {
  contentItemTypes,
  countQuestions,
  PULSE_CHECK_MAX_QUESTIONS,
  questionTypeLabels,
  questionTypes,
} from '@tv/contract';
import { Fragment } from 'react';
import { insertQuestionAfter, newQuestion } from '../utils/questions';
import { useEditor } from './editor-context';
import { QuestionTypeIcon } from './survey-badges';

/**
 * Adds a question of the chosen type and opens it for writing: at the end, or (from the question
 * editor, `after` its position) right below the question being edited, as 'Add question below'.
 */
export function AddQuestionMenu({ fullWidth = false, after }: { fullWidth?: boolean; after?: number }) {
  const { survey, draft, edit, editable, copy, announce } = useEditor();
  const navigate = useNavigate();
  const full = survey.type === 'pulse_check' && countQuestions(draft.questions) >= PULSE_CHECK_MAX_QUESTIONS;
  if (!editable) return null;

  return (
    // Below a question (the foot of the editor), the list opens upwards, over the question just written.
    <Menu position={after === undefined ? 'bottom-end' : 'top-end'} withinPortal width={240}>
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={full}
          fullWidth={fullWidth}
          variant={fullWidth ? 'light' : 'filled'}
        >
          {after === undefined ? copy.addQuestion : 'Add question below'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Question type</Menu.Label>
        {questionTypes.map((type) => (
          <Fragment key={type}>
            {type === 'text_block' ? (
              <>
                <Menu.Divider />
                <Menu.Label>Layout</Menu.Label>
              </>
            ) : null}
            <Menu.Item
              leftSection={<QuestionTypeIcon type={type} />}
              onClick={() => {
                const question = newQuestion(type);
                const position = after === undefined ? draft.questions.length : after + 1;
                edit((current) => ({
                  ...current,
                  questions: insertQuestionAfter(
                    current.questions,
                    after ?? current.questions.length,
                    question,
                  ),
                }));
                announce(
                  contentItemTypes.includes(type as (typeof contentItemTypes)[number])
                    ? `${questionTypeLabels[type]} added at position ${position + 1}.`
                    : `${questionTypeLabels[type]} question added as question ${position + 1}.`,
                );
                void navigate({
                  to: '/research/builder/survey/$surveyId/question/$questionId',
                  params: { surveyId: survey.id, questionId: question.id },
                });
              }}
            >
              {questionTypeLabels[type]}
            </Menu.Item>
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
