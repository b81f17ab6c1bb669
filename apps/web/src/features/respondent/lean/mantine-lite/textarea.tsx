import { useId, useLayoutEffect, useRef } from 'react';
import { InputFrame, inputAttributes } from './input-frame';
import type { Props } from './style-props';

/** A textarea that grows with its text between minRows and maxRows, as Mantine's autosize does. */
export function Textarea(props: Props) {
  const id = useId();
  const element = useRef<HTMLTextAreaElement>(null);
  const { minRows = 3, maxRows = 10, value } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => {
    const area = element.current;
    if (!area) return;
    const computed = getComputedStyle(area);
    const line = Number.parseFloat(computed.lineHeight) || Number.parseFloat(computed.fontSize) * 1.55;
    const frame =
      Number.parseFloat(computed.paddingTop) +
      Number.parseFloat(computed.paddingBottom) +
      Number.parseFloat(computed.borderTopWidth) +
      Number.parseFloat(computed.borderBottomWidth);
    area.style.height = '0px';
    const content =
      area.scrollHeight - Number.parseFloat(computed.paddingTop) - Number.parseFloat(computed.paddingBottom);
    const rows = Math.min(maxRows, Math.max(minRows, Math.ceil(content / line)));
    area.style.height = `${Math.ceil(rows * line + frame)}px`;
  }, [value, minRows, maxRows]);
  return (
    <InputFrame name="Textarea" id={id} {...props} multiline>
      <textarea
        {...inputAttributes(props, id)}
        ref={element}
        rows={minRows}
        value={value}
        onChange={props.onChange}
        className="m_8fb7ebe7 mantine-Input-input mantine-Textarea-input"
      />
    </InputFrame>
  );
}
