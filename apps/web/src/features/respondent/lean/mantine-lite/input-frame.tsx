import type { CSSProperties } from 'react';
import { join, type Props, remOf, rest } from './style-props';

/** The label, the input's frame and the error of Mantine's inputs. */
export function InputFrame({
  name,
  id,
  label,
  required,
  error,
  errorProps,
  rightSection,
  extraVars,
  children,
  maw,
  rootClass,
  multiline,
  pointer = true,
}: Props) {
  const wrapperVars: Record<string, unknown> = {
    '--input-height': 'var(--input-height-md)',
    '--input-fz': 'var(--mantine-font-size-md)',
  };
  if (rightSection && pointer) wrapperVars['--input-right-section-pointer-events'] = 'none';
  if (multiline) wrapperVars['--input-padding-y'] = 'var(--input-padding-y-md)';
  if (error) wrapperVars['--input-margin-bottom'] = 'calc(var(--mantine-spacing-xs) / 2)';
  return (
    <div
      data-size="md"
      className={join(rootClass, `m_46b77525 mantine-InputWrapper-root mantine-${name}-root`)}
      data-error={error ? 'true' : undefined}
      style={maw ? { maxWidth: remOf(maw) } : undefined}
    >
      {label ? (
        <label
          data-size="md"
          data-required={required ? 'true' : undefined}
          htmlFor={id}
          id={`${id}-label`}
          className={`m_8fdc1311 mantine-InputWrapper-label mantine-${name}-label`}
          style={{ '--input-label-size': 'var(--mantine-font-size-md)' } as CSSProperties}
        >
          {label}
          {required ? (
            <span
              aria-hidden="true"
              className={`m_78a94662 mantine-InputWrapper-required mantine-${name}-required`}
            >
              {' *'}
            </span>
          ) : null}
        </label>
      ) : null}
      <div
        data-variant="default"
        data-size="md"
        data-pointer={rightSection && pointer ? 'true' : undefined}
        data-multiline={multiline ? 'true' : undefined}
        data-with-right-section={rightSection ? 'true' : undefined}
        className={`m_6c018570 mantine-Input-wrapper mantine-${name}-wrapper`}
        data-error={error ? 'true' : undefined}
        style={{ ...wrapperVars, ...extraVars } as CSSProperties}
      >
        {children}
        {rightSection ? (
          <div data-position="right" className={`m_82577fc2 mantine-Input-section mantine-${name}-section`}>
            {rightSection}
          </div>
        ) : null}
      </div>
      {error ? (
        <p
          data-size="md"
          id={`${id}-error`}
          {...errorProps}
          className={`m_8f816625 mantine-InputWrapper-error mantine-${name}-error`}
          style={
            {
              '--input-error-size':
                'calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)))',
            } as CSSProperties
          }
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

const inputOwn = [
  'rootClass',
  'multiline',
  'pointer',
  'label',
  'required',
  'error',
  'errorProps',
  'data',
  'size',
  'maw',
  'autosize',
  'minRows',
  'maxRows',
  'allowDecimal',
  'onChange',
  'value',
  'min',
  'max',
];

export function inputAttributes(props: Props, id: string) {
  const { error, required } = props;
  return {
    ...rest(props, inputOwn),
    id,
    required,
    'data-variant': 'default',
    'data-error': error ? 'true' : undefined,
    'aria-invalid': props['aria-invalid'] ?? (error ? true : undefined),
    'aria-describedby': error ? `${id}-error` : props['aria-describedby'],
  };
}
