/*
 * TeenVoice marketing-automation form: a newsletter sign-up rendered into every
 * [data-tv-marketing-form] placeholder on the page, without React. The app loads this script only
 * when the marketing_automation flag is on and the visitor allows analytics cookies.
 */
(() => {
  if (window.__tvMarketingForm) return;
  window.__tvMarketingForm = true;

  const THANKS = 'Thanks — you’re on the list. New research will reach your inbox when it is published.';
  const utmKeys = ['referrer', 'source', 'medium', 'campaign', 'content', 'term'];
  let counter = 0;

  const style = document.createElement('style');
  style.textContent = `
.tv-mf{box-sizing:border-box;max-width:1140px;margin:0 auto;padding:48px 16px}
.tv-mf__card{border:1px solid var(--mantine-color-default-border,#dee2e6);border-radius:16px;padding:24px;background:var(--mantine-color-body,#fff);color:var(--mantine-color-text,#1f2933)}
.tv-mf__title{margin:0 0 4px;font-size:1.375rem;line-height:1.3}
.tv-mf__text{margin:0 0 16px;color:var(--mantine-color-dimmed,#5c6670)}
.tv-mf__row{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-end}
.tv-mf__field{display:flex;flex-direction:column;gap:4px;flex:1 1 220px;min-width:0}
.tv-mf__field label{font-size:.875rem;font-weight:600}
.tv-mf__field input{font:inherit;padding:8px 12px;border-radius:8px;border:1px solid var(--mantine-color-default-border,#ced4da);background:var(--mantine-color-default,#fff);color:inherit;min-height:40px}
.tv-mf__field input[aria-invalid=true]{border-color:var(--mantine-color-error,#c92a2a)}
.tv-mf__error{color:var(--mantine-color-error,#c92a2a);font-size:.8125rem;min-height:1em}
.tv-mf__button{font:inherit;font-weight:600;min-height:40px;padding:8px 20px;border:0;border-radius:8px;background:var(--mantine-primary-color-filled,#2b8a3e);color:#fff;cursor:pointer}
.tv-mf__button:disabled{opacity:.7;cursor:progress}
.tv-mf__button:focus-visible,.tv-mf__field input:focus-visible{outline:2px solid var(--mantine-primary-color-filled,#2b8a3e);outline-offset:2px}
.tv-mf__status{margin:12px 0 0;font-weight:600}
.tv-mf__trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
`;
  document.head.appendChild(style);

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value);
    }
    for (const child of children || []) node.appendChild(child);
    return node;
  }

  function utmHeaders() {
    const headers = {};
    try {
      const stored = JSON.parse(sessionStorage.getItem('utm_params') || '{}');
      for (const key of utmKeys) {
        if (typeof stored[key] === 'string' && stored[key]) {
          headers[`X-UTM-${key[0].toUpperCase()}${key.slice(1)}`] = stored[key];
        }
      }
    } catch {
      // Blocked storage: the sign-up is still worth sending without campaign details.
    }
    return headers;
  }

  function field(id, label, input, required) {
    const error = element('span', { class: 'tv-mf__error', id: `${id}-error`, 'aria-live': 'polite' });
    input.id = id;
    input.setAttribute('aria-describedby', `${id}-error`);
    if (required) input.setAttribute('aria-required', 'true');
    const wrapper = element('div', { class: 'tv-mf__field' }, [
      element('label', { for: id, text: required ? `${label} *` : `${label} (optional)` }),
      input,
      error,
    ]);
    return { wrapper, input, error };
  }

  function render(slot) {
    if (slot.dataset.tvRendered) return;
    slot.dataset.tvRendered = 'true';
    const id = `tv-mf-${++counter}`;
    const email = field(
      `${id}-email`,
      'Email',
      element('input', { type: 'email', name: 'email', autocomplete: 'email' }),
      true,
    );
    const firstName = field(
      `${id}-first-name`,
      'First name',
      element('input', { type: 'text', name: 'firstName', autocomplete: 'given-name', maxlength: '128' }),
      false,
    );
    const trap = element('input', {
      type: 'text',
      name: 'website',
      tabindex: '-1',
      autocomplete: 'off',
      id: `${id}-website`,
    });
    const button = element('button', { type: 'submit', class: 'tv-mf__button', text: 'Sign up' });
    const status = element('p', { class: 'tv-mf__status', role: 'status' });
    const form = element('form', { novalidate: '', 'aria-labelledby': `${id}-title` }, [
      element('div', { class: 'tv-mf__row' }, [email.wrapper, firstName.wrapper, button]),
      element('div', { class: 'tv-mf__trap', 'aria-hidden': 'true' }, [
        element('label', { for: `${id}-website`, text: 'Leave this field empty' }),
        trap,
      ]),
      status,
    ]);
    const card = element('section', { class: 'tv-mf__card', 'aria-labelledby': `${id}-title` }, [
      element('h2', { class: 'tv-mf__title', id: `${id}-title`, text: 'Get new research in your inbox' }),
      element('p', {
        class: 'tv-mf__text',
        text: 'One email when we publish a new report or article about America’s teenagers. No more than twice a month; unsubscribe at any time.',
      }),
      form,
    ]);
    slot.appendChild(element('div', { class: 'tv-mf' }, [card]));

    const showError = (target, message) => {
      target.error.textContent = message || '';
      target.input.setAttribute('aria-invalid', message ? 'true' : 'false');
    };

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const emailValue = email.input.value.trim();
      showError(email, '');
      showError(firstName, '');
      status.textContent = '';
      if (!emailValue) {
        showError(email, 'Required');
        email.input.focus();
        return;
      }
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailValue)) {
        showError(email, 'Email is not valid');
        email.input.focus();
        return;
      }
      button.disabled = true;
      try {
        const response = await fetch('/v2/leads', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...utmHeaders() },
          body: JSON.stringify({
            kind: 'newsletter',
            email: emailValue,
            firstName: firstName.input.value.trim() || undefined,
            sourcePath: window.location.pathname,
            website: trap.value,
          }),
        });
        const body = await response.json().catch(() => null);
        if (response.ok) {
          form.replaceChildren(element('p', { class: 'tv-mf__status', role: 'status', text: THANKS }));
          return;
        }
        const fields = body?.data?.fields || {};
        if (fields.email) showError(email, fields.email[0]);
        if (fields.firstName) showError(firstName, fields.firstName[0]);
        if (!fields.email && !fields.firstName) {
          status.textContent = body?.message || 'We could not sign you up. Please try again.';
        }
      } catch {
        status.textContent = 'We could not reach TeenVoice. Check your connection and try again.';
      } finally {
        button.disabled = false;
      }
    });
  }

  const renderAll = () => {
    for (const slot of document.querySelectorAll('[data-tv-marketing-form]')) render(slot);
  };
  renderAll();
  // The site is a single-page app: placeholders appear as visitors move between pages.
  new MutationObserver(renderAll).observe(document.body, { childList: true, subtree: true });
})();
