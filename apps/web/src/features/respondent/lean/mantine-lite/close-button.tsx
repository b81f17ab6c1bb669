import type { CSSProperties } from 'react';
import { join, type Props, rest } from './style-props';

function CloseIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
      style={{ width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' }}
    >
      <path
        d="M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function CloseButton(props: Props) {
  const { size, className } = props;
  return (
    <button
      {...rest(props, ['size'])}
      type="button"
      data-variant="subtle"
      data-size={size}
      className={join(
        'mantine-focus-auto mantine-active m_220c80f2',
        className,
        'm_86a44da5 mantine-CloseButton-root m_87cf2631 mantine-UnstyledButton-root',
      )}
      style={size ? ({ '--cb-size': `var(--cb-size-${size})` } as CSSProperties) : undefined}
    >
      <CloseIcon />
    </button>
  );
}
