import { Text } from '@mantine/core';
import { counterText, type TextLimit } from '../utils/limits';

/** 'x / max' under a field; red when over the limit. Read by screen readers with the field. */
export function CharacterCount({ id, value, limit }: { id: string; value: string; limit: TextLimit }) {
  const over = value.trim().length > limit.max;
  return (
    <Text id={id} size="xs" c={over ? 'red.8' : 'dimmed'} ta="right" mt={4} data-testid="character-count">
      {counterText(value, limit)}
    </Text>
  );
}
