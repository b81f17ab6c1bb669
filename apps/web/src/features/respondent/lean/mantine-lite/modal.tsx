import { type CSSProperties, type KeyboardEvent, type Ref, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './close-button';
import type { Props } from './style-props';

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
