import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import type { ChoiceOption } from '@tv/contract';
import { useEffect, useRef, useState } from 'react';
import { lengthError, textLimits } from '../utils/limits';
import { pasteOptions } from '../utils/paste-options';
import { moveItem, newOption } from '../utils/questions';
import classes from './editor.module.css';

interface OptionListEditorProps {
  /** e.g. 'Answer options', 'Statements'. */
  label: string;
  /** Singular, for labels: 'Option', 'Statement', 'Scale point'. */
  itemName: string;
  items: ChoiceOption[];
  onChange: (items: ChoiceOption[]) => void;
  readOnly: boolean;
  max: number;
  min?: number;
  /**
   * Multiple choice: options can be exclusive ('None of these'), which clears the other choices for
   * the respondent; offers a toggle per option and a one-click 'None of these'.
   */
  allowExclusive?: boolean;
  /** Single and multiple choice, dropdown: one option can be 'Other, please specify'. */
  allowOther?: boolean;
  /**
   * Whether the author has been in an item's field: an empty item says 'Write option 2' only then, so
   * a new question's empty options are not errors before anything is typed. Without it, always.
   */
  isTouched?: (id: string) => boolean;
  /** The author left an item's field. */
  onTouch?: (id: string) => void;
  /** Said to screen readers, e.g. after a pasted list became options. */
  announce?: (message: string) => void;
}

const noneOfThese = 'None of these';

/** A list of labelled answer options (or statements) the author can add to, reorder and remove. */
export function OptionListEditor({
  label,
  itemName,
  items,
  onChange,
  readOnly,
  max,
  min = 2,
  allowExclusive = false,
  allowOther = false,
  isTouched = () => true,
  onTouch,
  announce,
}: OptionListEditorProps) {
  const [pasteMessage, setPasteMessage] = useState<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const focusId = useRef<string | null>(null);
  useEffect(() => {
    if (!focusId.current) return;
    inputs.current.get(focusId.current)?.focus();
    focusId.current = null;
  });

  const update = (id: string, text: string) =>
    onChange(items.map((item) => (item.id === id ? { ...item, label: text } : item)));
  const add = () => {
    const item = newOption('');
    focusId.current = item.id;
    onChange([...items, item]);
  };

  const setExclusive = (id: string, exclusive: boolean) =>
    onChange(items.map((item) => (item.id === id ? { ...item, exclusive } : item)));
  const addNoneOfThese = () => {
    const item = { ...newOption(noneOfThese), exclusive: true };
    onChange([...items, item]);
  };
  const hasOther = items.some((item) => item.other);
  const addOther = () => onChange([...items, { ...newOption('Other'), other: true }]);
  const setOther = (id: string, other: boolean) =>
    onChange(items.map((item) => (item.id === id ? { ...item, other } : { ...item, other: undefined })));
  const hasNone = items.some((item) => item.label.trim().toLowerCase() === noneOfThese.toLowerCase());

  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {items.map((item, index) => (
        <Stack key={item.id} gap={2}>
          <Group gap={4} wrap="nowrap">
            <TextInput
              ref={(element) => {
                if (element) inputs.current.set(item.id, element);
                else inputs.current.delete(item.id);
              }}
              style={{ flex: 1 }}
              aria-label={`${itemName} ${index + 1}`}
              placeholder={`${itemName} ${index + 1}`}
              value={item.label}
              readOnly={readOnly}
              error={
                item.label.trim()
                  ? lengthError(item.label, textLimits.option)
                  : isTouched(item.id)
                    ? `Write ${itemName.toLowerCase()} ${index + 1} or remove it`
                    : null
              }
              onChange={(event) => update(item.id, event.currentTarget.value)}
              onBlur={() => onTouch?.(item.id)}
              onPaste={(event) => {
                if (readOnly) return;
                const pasted = pasteOptions(
                  items,
                  index,
                  event.clipboardData.getData('text/plain'),
                  max,
                  itemName,
                );
                if (!pasted) return;
                event.preventDefault();
                focusId.current = pasted.focusId;
                setPasteMessage(pasted.message);
                onChange(pasted.items);
                announce?.(
                  pasted.message ??
                    `${pasted.added} ${itemName.toLowerCase()}${pasted.added === 1 ? '' : 's'} added from the pasted lines.`,
                );
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !readOnly && items.length < max) {
                  event.preventDefault();
                  add();
                }
              }}
            />
            {readOnly ? null : (
              <>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  className={classes.iconButton}
                  aria-label={`Move ${itemName.toLowerCase()} ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => onChange(moveItem(items, index, index - 1))}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  className={classes.iconButton}
                  aria-label={`Move ${itemName.toLowerCase()} ${index + 1} down`}
                  disabled={index === items.length - 1}
                  onClick={() => onChange(moveItem(items, index, index + 1))}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  className={classes.iconButton}
                  aria-label={`Remove ${itemName.toLowerCase()} ${index + 1}`}
                  disabled={items.length <= min}
                  onClick={() => onChange(items.filter((candidate) => candidate.id !== item.id))}
                >
                  <IconX size={16} />
                </ActionIcon>
              </>
            )}
          </Group>
          {allowExclusive ? (
            <Checkbox
              size="xs"
              ml={4}
              label="Only on its own: choosing it clears the other answers"
              aria-label={`${itemName} ${index + 1} only on its own: choosing it clears the other answers`}
              checked={item.exclusive === true}
              disabled={readOnly}
              onChange={(event) => setExclusive(item.id, event.currentTarget.checked)}
            />
          ) : null}
          {allowOther && item.other ? (
            <Checkbox
              size="xs"
              ml={4}
              label="Other, please specify: asks for a few words"
              aria-label={`${itemName} ${index + 1} is “Other, please specify”: asks for a few words`}
              checked={item.other === true}
              disabled={readOnly}
              onChange={(event) => setOther(item.id, event.currentTarget.checked)}
            />
          ) : null}
        </Stack>
      ))}
      {pasteMessage ? (
        <Text size="sm" c="orange.9" data-testid="paste-message">
          {pasteMessage}
        </Text>
      ) : null}
      {readOnly ? null : (
        <Group>
          <Text size="xs" c="dimmed" w="100%">
            Tip: paste a list, one {itemName.toLowerCase()} per line, to add them all at once.
          </Text>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={add}
            disabled={items.length >= max}
          >
            Add {itemName.toLowerCase()}
          </Button>
          {allowExclusive && !hasNone ? (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={addNoneOfThese}
              disabled={items.length >= max}
            >
              Add “None of these”
            </Button>
          ) : null}
          {allowOther && !hasOther ? (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={addOther}
              disabled={items.length >= max}
            >
              Add “Other, please specify”
            </Button>
          ) : null}
        </Group>
      )}
    </Stack>
  );
}
