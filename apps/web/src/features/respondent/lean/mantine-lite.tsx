// The respondent page's stand-ins for the Mantine components it uses (decision 019), put in
// @mantine/core's place by vite.respond.config.ts. Each renders the markup Mantine renders (its class
// names, data attributes and CSS variables), so Mantine's own stylesheets style it the same; only the
// props the respondent components pass are supported. The app and the builder's preview use Mantine.
import {
  type CSSProperties,
  type ElementType,
  type FocusEvent,
  forwardRef,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import classes from './mantine-lite.module.css';

// biome-ignore lint/suspicious/noExplicitAny: the stand-ins accept Mantine's loose props.
type Props = Record<string, any>;
type Size = string | number | undefined;

const remOf = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;
const tokens = new Set(['xs', 'sm', 'md', 'lg', 'xl']);
const spacing = (value: Size) =>
  value === undefined
    ? undefined
    : typeof value === 'number'
      ? remOf(value)
      : tokens.has(value)
        ? `var(--mantine-spacing-${value})`
        : value;
const fontSize = (value: Size) =>
  value === undefined
    ? undefined
    : typeof value === 'number'
      ? remOf(value)
      : tokens.has(value)
        ? `var(--mantine-font-size-${value})`
        : value;
const color = (value: string | undefined) => {
  if (!value) return undefined;
  if (value === 'dimmed') return 'var(--mantine-color-dimmed)';
  const [hue, shade] = value.split('.');
  return shade && /^\d$/.test(shade) ? `var(--mantine-color-${hue}-${shade})` : value;
};
const MANTINE_PROPS = ['m', 'mt', 'mb', 'p', 'fw', 'fz', 'c', 'lh', 'w', 'h', 'maw', 'tt', 'lts'];

/** Mantine's style props as inline styles; a responsive font size as the class that carries it. */
function styleProps(props: Props, extra: Record<string, unknown> = {}) {
  const { m, mt, mb, p, fw, fz, c, lh, w, h, maw, tt, lts, style, className } = props;
  const css: Record<string, unknown> = { ...extra };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) css[key] = value;
  };
  set('margin', spacing(m));
  set('marginTop', spacing(mt));
  set('marginBottom', spacing(mb));
  set('padding', spacing(p));
  set('color', color(c));
  set('fontWeight', fw);
  set('lineHeight', lh);
  set('width', typeof w === 'number' ? remOf(w) : w);
  set('height', typeof h === 'number' ? remOf(h) : h);
  set('maxWidth', typeof maw === 'number' ? remOf(maw) : maw);
  set('textTransform', tt);
  set('letterSpacing', typeof lts === 'number' ? remOf(lts) : lts);
  let responsive: string | undefined;
  if (fz && typeof fz === 'object') {
    css['--lite-fz'] = fontSize(fz.base);
    css['--lite-fz-sm'] = fontSize(fz.sm ?? fz.base);
    responsive = classes.responsiveFz;
  } else set('fontSize', fontSize(fz));
  return {
    style: { ...css, ...(style as CSSProperties | undefined) } as CSSProperties,
    className: [className, responsive].filter(Boolean).join(' ') || undefined,
  };
}

/** What is left for the element once Mantine's own props are taken out. */
function rest(props: Props, own: readonly string[]) {
  const out: Props = {};
  for (const [key, value] of Object.entries(props)) {
    if (!own.includes(key) && !MANTINE_PROPS.includes(key) && key !== 'style' && key !== 'className')
      out[key] = value;
  }
  return out;
}

const join = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(' ');

/** The theme's CSS variables are written into respond.html at build time (vite.respond.config.ts). */
export function MantineProvider({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

/** What app/theme.ts uses to build the theme, which the page's MantineProvider is given. */
export const createTheme = <T,>(theme: T) => theme;
export const rem = (value: number | string) =>
  typeof value === 'number' ? `calc(${value / 16}rem * var(--mantine-scale))` : value;

export const Text = forwardRef<HTMLElement, Props>(function Text(props, ref) {
  const { component: Component = 'p', size, lineClamp, children } = props;
  const vars: Record<string, unknown> = {};
  if (size) {
    vars['--text-fz'] = fontSize(size);
    vars['--text-lh'] = `var(--mantine-line-height-${size})`;
  }
  if (lineClamp) vars['--text-line-clamp'] = lineClamp;
  const { style, className } = styleProps(props, vars);
  return (
    <Component
      {...rest(props, ['component', 'size', 'lineClamp', 'children'])}
      ref={ref}
      data-size={size}
      data-line-clamp={lineClamp ? 'true' : undefined}
      className={join(className, 'mantine-focus-auto m_b6d8b162 mantine-Text-root')}
      style={style}
    >
      {children}
    </Component>
  );
});

export const Title = forwardRef<HTMLHeadingElement, Props>(function Title(props, ref) {
  const { order = 1, children } = props;
  const Heading = `h${order}` as ElementType;
  const { style, className } = styleProps(props, {
    '--title-fw': `var(--mantine-h${order}-font-weight)`,
    '--title-lh': `var(--mantine-h${order}-line-height)`,
    '--title-fz': `var(--mantine-h${order}-font-size)`,
  });
  return (
    <Heading
      {...rest(props, ['order', 'children'])}
      ref={ref}
      data-order={order}
      className={join(className, 'm_8a5d1357 mantine-Title-root')}
      style={style}
    >
      {children}
    </Heading>
  );
});

export function Stack(props: Props) {
  const {
    component: Component = 'div',
    gap = 'md',
    align = 'stretch',
    justify = 'flex-start',
    children,
  } = props;
  const { style, className } = styleProps(props, {
    '--stack-gap': spacing(gap),
    '--stack-align': align,
    '--stack-justify': justify,
  });
  return (
    <Component
      {...rest(props, ['component', 'gap', 'align', 'justify', 'children'])}
      className={join(className, 'm_6d731127 mantine-Stack-root')}
      style={style}
    >
      {children}
    </Component>
  );
}

export function Group(props: Props) {
  const { gap = 'md', align = 'center', justify = 'flex-start', wrap = 'wrap', children } = props;
  const { style, className } = styleProps(props, {
    '--group-gap': spacing(gap),
    '--group-align': align,
    '--group-justify': justify,
    '--group-wrap': wrap,
  });
  return (
    <div
      {...rest(props, ['gap', 'align', 'justify', 'wrap', 'children'])}
      className={join(className, 'm_4081bf90 mantine-Group-root')}
      style={style}
    >
      {children}
    </div>
  );
}

const thinBorder = 'calc(0.0625rem * var(--mantine-scale)) solid';

/** Mantine's colours of a variant: background, hover, text and border. */
function variantColors(variant: string, hue: string) {
  switch (variant) {
    case 'filled':
      return [
        `var(--mantine-color-${hue}-filled)`,
        `var(--mantine-color-${hue}-filled-hover)`,
        'var(--mantine-color-white)',
        `${thinBorder} transparent`,
      ];
    case 'default':
      return [
        'var(--mantine-color-default)',
        'var(--mantine-color-default-hover)',
        'var(--mantine-color-default-color)',
        `${thinBorder} var(--mantine-color-default-border)`,
      ];
    case 'subtle':
      return [
        'transparent',
        `var(--mantine-color-${hue}-light-hover)`,
        `var(--mantine-color-${hue}-light-color)`,
        `${thinBorder} transparent`,
      ];
    default:
      return [
        `var(--mantine-color-${hue}-light)`,
        `var(--mantine-color-${hue}-light-hover)`,
        `var(--mantine-color-${hue}-light-color)`,
        `${thinBorder} transparent`,
      ];
  }
}

export const Button = forwardRef<HTMLButtonElement, Props>(function Button(props, ref) {
  const {
    component: Component = 'button',
    variant,
    color: hue,
    size = 'sm',
    loading,
    disabled,
    leftSection,
    rightSection,
    children,
    type,
  } = props;
  const vars: Record<string, unknown> = {
    '--button-height': `var(--button-height-${size})`,
    '--button-padding-x': `var(--button-padding-x-${size})`,
    '--button-fz': `var(--mantine-font-size-${String(size).replace('compact-', '')})`,
  };
  if (variant || hue) {
    const [bg, hover, text, border] = variantColors(variant ?? 'filled', hue ?? 'green');
    Object.assign(vars, {
      '--button-bg': bg,
      '--button-hover': hover,
      '--button-color': text,
      '--button-bd': border,
    });
  } else vars['--button-color'] = 'var(--mantine-color-white)';
  const { style, className } = styleProps({ fw: 600, ...props }, vars);
  const isButton = Component === 'button';
  return (
    <Component
      {...rest(props, [
        'component',
        'variant',
        'color',
        'size',
        'loading',
        'disabled',
        'leftSection',
        'rightSection',
        'children',
        'type',
      ])}
      ref={ref}
      type={isButton ? (type ?? 'button') : undefined}
      disabled={isButton ? disabled || loading : undefined}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-with-left-section={leftSection ? 'true' : undefined}
      data-with-right-section={rightSection ? 'true' : undefined}
      className={join(
        className,
        'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root',
      )}
      style={style}
    >
      {loading ? (
        <span className="m_a25b86ee mantine-Button-loader">
          <span
            className="m_5ae2e3c mantine-Loader-root m_b34414df"
            style={
              {
                '--loader-size': 'calc(var(--button-height) / 1.8)',
                '--loader-color': 'var(--button-color)',
              } as CSSProperties
            }
          />
        </span>
      ) : null}
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection ? (
          <span data-position="left" className="m_a74036a mantine-Button-section">
            {leftSection}
          </span>
        ) : null}
        <span className="m_811560b9 mantine-Button-label">{children}</span>
        {rightSection ? (
          <span data-position="right" className="m_a74036a mantine-Button-section">
            {rightSection}
          </span>
        ) : null}
      </span>
    </Component>
  );
});

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

export function Alert(props: Props) {
  const { color: hue = 'green', title, icon, children } = props;
  const id = useId();
  const { style, className } = styleProps(props, {
    '--alert-bg': `var(--mantine-color-${hue}-light)`,
    '--alert-color': `var(--mantine-color-${hue}-light-color)`,
    '--alert-bd': `${thinBorder} transparent`,
  });
  return (
    <div
      id={id}
      role="alert"
      aria-describedby={`${id}-body`}
      aria-labelledby={title ? `${id}-title` : undefined}
      {...rest(props, ['color', 'title', 'icon', 'children', 'variant'])}
      data-variant="light"
      className={join(className, 'm_66836ed3 mantine-Alert-root')}
      style={style}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        {icon ? <div className="m_667f2a6a mantine-Alert-icon">{icon}</div> : null}
        <div className="m_667c2793 mantine-Alert-body">
          {title ? (
            <div className="m_6a03f287 mantine-Alert-title">
              <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          ) : null}
          <div id={`${id}-body`} data-variant="light" className="m_7fa78076 mantine-Alert-message">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

export function Badge(props: Props) {
  const { color: hue = 'green', radius, children } = props;
  const vars: Record<string, unknown> = {};
  if (radius) vars['--badge-radius'] = `var(--mantine-radius-${radius})`;
  Object.assign(vars, {
    '--badge-bg': `var(--mantine-color-${hue}-light)`,
    '--badge-color': `var(--mantine-color-${hue}-light-color)`,
    '--badge-bd': `${thinBorder} transparent`,
  });
  const { style, className } = styleProps(props, vars);
  return (
    <div
      {...rest(props, ['color', 'radius', 'children', 'variant'])}
      data-variant="light"
      className={join(className, 'm_347db0ec mantine-Badge-root')}
      style={style}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

export function Progress(props: Props) {
  const { value, size = 'md', radius, transitionDuration, 'aria-label': label } = props;
  const vars: Record<string, unknown> = { '--progress-size': `var(--progress-size-${size})` };
  if (radius) vars['--progress-radius'] = `var(--mantine-radius-${radius})`;
  if (transitionDuration !== undefined) vars['--progress-transition-duration'] = `${transitionDuration}ms`;
  return (
    <div data-size={size} className="m_db6d6462 mantine-Progress-root" style={vars as CSSProperties}>
      <div
        aria-label={label}
        role="progressbar"
        aria-valuemax={100}
        aria-valuemin={0}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        className="m_2242eb65 mantine-Progress-section"
        style={
          {
            '--progress-section-size': `${value}%`,
            '--progress-section-color': 'var(--mantine-color-green-filled)',
          } as CSSProperties
        }
      />
    </div>
  );
}

export function VisuallyHidden(props: Props) {
  return (
    <span {...rest(props, ['children'])} className="m_515a97f8 mantine-VisuallyHidden-root">
      {props.children}
    </span>
  );
}

export function Skeleton(props: Props) {
  const { radius, h, w } = props;
  const vars: Record<string, unknown> = {};
  if (h !== undefined) vars['--skeleton-height'] = typeof h === 'number' ? remOf(h) : h;
  if (w !== undefined) vars['--skeleton-width'] = typeof w === 'number' ? remOf(w) : w;
  if (radius) vars['--skeleton-radius'] = `var(--mantine-radius-${radius})`;
  const { style } = styleProps({ mt: props.mt }, vars);
  return (
    <div data-visible="true" data-animate="true" className="m_18320242 mantine-Skeleton-root" style={style} />
  );
}

/** The label, the input's frame and the error of Mantine's inputs. */
function InputFrame({
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

function inputAttributes(props: Props, id: string) {
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

export const NativeSelect = forwardRef<HTMLSelectElement, Props>(function NativeSelect(props, ref) {
  const id = useId();
  const { data = [], value, onChange, error } = props;
  return (
    <InputFrame
      name="NativeSelect"
      id={id}
      {...props}
      rightSection={
        <svg
          aria-hidden="true"
          data-size="md"
          data-combobox-chevron="true"
          viewBox="0 0 15 15"
          fill="none"
          xmlns="http://www.w3.org/2000/svg"
          className="m_2943220b mantine-ComboboxChevron-chevron"
          style={{ '--combobox-chevron-size': 'var(--combobox-chevron-size-md)' } as CSSProperties}
          data-error={error || undefined}
        >
          <path
            d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
            fill="currentColor"
            fillRule="evenodd"
            clipRule="evenodd"
          />
        </svg>
      }
    >
      <select
        {...inputAttributes(props, id)}
        ref={ref}
        value={value}
        onChange={onChange}
        className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
      >
        {data.map((option: { value: string; label: string }) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </InputFrame>
  );
});

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

export function ActionIcon(props: Props) {
  const { size = 'md', children, color: hue = 'gray', variant = 'filled', disabled } = props;
  const [bg, hover, text, border] = variantColors(variant, hue);
  return (
    <button
      {...rest(props, ['size', 'children', 'color', 'variant'])}
      type="button"
      disabled={disabled}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      className="mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
      style={
        {
          '--ai-size': `var(--ai-size-${size})`,
          '--ai-bg': bg,
          '--ai-hover': hover,
          '--ai-color': text,
          '--ai-bd': border,
        } as CSSProperties
      }
    >
      {children}
    </button>
  );
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Mantine's Modal as the page uses it: centred, titled, with a close button; focus moves into it and
 * stays there, Escape and the overlay close it, the page behind does not scroll, and focus goes back
 * to where it was.
 */
export function Modal({ opened, onClose, title, children, closeButtonProps, size = 'md' }: Props) {
  const id = useId();
  const content = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!opened) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    window.addEventListener('keydown', onEscape);
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const first = content.current?.querySelector<HTMLElement>(focusable);
    (first ?? content.current)?.focus();
    return () => {
      window.removeEventListener('keydown', onEscape);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [opened]);
  if (!opened) return null;
  const keyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Tab' || !content.current) return;
    const items = [...content.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return createPortal(
    <div
      data-size={size}
      data-centered="true"
      id={id}
      className="m_9df02822 mantine-Modal-root"
      style={
        {
          '--modal-size': `var(--modal-size-${size})`,
          '--modal-y-offset': '5dvh',
          '--mb-z-index': 200,
        } as CSSProperties
      }
    >
      <div
        data-fixed="true"
        className="mantine-Modal-overlay m_9814e45f mantine-Overlay-root"
        style={{ '--overlay-z-index': 200 } as CSSProperties}
        onClick={onClose}
        aria-hidden="true"
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog closes it, as in Mantine; Escape and the close button do the same from the keyboard. */}
      <div
        className="m_60c222c7 m_1f958f16 mantine-Modal-inner"
        onKeyDown={keyDown}
        onMouseDown={(event) => event.target === event.currentTarget && onClose()}
      >
        <section
          ref={content as Ref<HTMLElement>}
          data-modal-content="true"
          role="dialog"
          tabIndex={-1}
          aria-modal="true"
          className="m_fd1ab0aa m_54c44539 mantine-Modal-content m_1b7284a3 mantine-Paper-root"
          aria-describedby={`${id}-body`}
          aria-labelledby={`${id}-title`}
        >
          <header className="m_b5489c3c m_d0e2b9cd mantine-Modal-header">
            <h2 id={`${id}-title`} className="m_615af6c9 mantine-Modal-title">
              {title}
            </h2>
            <CloseButton {...closeButtonProps} className="m_606cb269 mantine-Modal-close" onClick={onClose} />
          </header>
          <div id={`${id}-body`} className="m_5df29311 mantine-Modal-body">
            {children}
          </div>
        </section>
      </div>
    </div>,
    document.body,
  );
}
