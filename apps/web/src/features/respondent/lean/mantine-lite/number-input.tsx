import { type CSSProperties, type FocusEvent, type KeyboardEvent, useId } from 'react';
import { InputFrame, inputAttributes } from './input-frame';
import type { Props } from './style-props';

/** A whole-number input: digits only, arrow keys step by one, within min and max. */
export function NumberInput(props: Props) {
  const id = useId();
  const { value, onChange, min, max } = props;
  const clamp = (n: number) =>
    Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min ?? Number.NEGATIVE_INFINITY, n));
  const change = (text: string) => {
    const cleaned = text.replace(/(?!^-)[^0-9]/g, '');
    if (cleaned === '' || cleaned === '-') return onChange?.('');
    onChange?.(Number(cleaned));
  };
  const stepBy = (delta: 1 | -1) => {
    const current = typeof value === 'number' ? value : (min ?? 0) - delta;
    onChange?.(clamp(current + delta));
  };
  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    stepBy(event.key === 'ArrowUp' ? 1 : -1);
  };
  const blur = (_event: FocusEvent<HTMLInputElement>) => {
    if (typeof value === 'number' && clamp(value) !== value) onChange?.(clamp(value));
  };
  return (
    <InputFrame
      name="NumberInput"
      id={id}
      {...props}
      rootClass="m_e2f5cd4e"
      pointer={false}
      extraVars={{ '--input-right-section-width': 'var(--ni-right-section-width-md)' }}
      rightSection={
        <div
          className="m_95e17d22 mantine-NumberInput-controls"
          style={{ '--ni-chevron-size': 'var(--ni-chevron-size-md)' } as CSSProperties}
        >
          {(['up', 'down'] as const).map((direction) => (
            <button
              key={direction}
              className="mantine-focus-auto m_80b4b171 mantine-NumberInput-control m_87cf2631 mantine-UnstyledButton-root"
              data-direction={direction}
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => stepBy(direction === 'up' ? 1 : -1)}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 15 15"
                fill="none"
                xmlns="http://www.w3.org/2000/svg"
                style={{
                  width: 'var(--ni-chevron-size)',
                  height: 'var(--ni-chevron-size)',
                  transform: direction === 'up' ? 'rotate(180deg)' : undefined,
                }}
              >
                <path
                  d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
                  fill="currentColor"
                  fillRule="evenodd"
                  clipRule="evenodd"
                />
              </svg>
            </button>
          ))}
        </div>
      }
    >
      <input
        {...inputAttributes(props, id)}
        type="text"
        inputMode="numeric"
        value={value === undefined || value === '' ? '' : String(value)}
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={step}
        onBlur={blur}
        className="m_8fb7ebe7 mantine-Input-input mantine-NumberInput-input"
      />
    </InputFrame>
  );
}
