import { forwardRef, useId } from 'react';
import { InputFrame, inputAttributes } from './input-frame';
import type { Props } from './style-props';

export const TextInput = forwardRef<HTMLInputElement, Props>(function TextInput(props, ref) {
  const id = useId();
  return (
    <InputFrame name="TextInput" id={id} {...props}>
      <input
        {...inputAttributes(props, id)}
        ref={ref}
        value={props.value}
        onChange={props.onChange}
        className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
      />
    </InputFrame>
  );
});
