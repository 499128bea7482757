// The public sign-up form's script (no framework). The page works without it (a plain post); with it:
// §5.3 messages before posting (the rules and texts come from the page's data attributes, written by
// the server from the same module it checks with), the captcha, a post that asks for JSON, the
// success modal, the form reset, and the form id posted to the parent window (pop-up) after 2 s.
(() => {
  const form = document.querySelector("form.bf-form");
  if (!form) return;
  const PHONE = /^\+?(?:[\s()-]*\d){10,13}[\s()-]*$/;
  const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[a-zA-Z]{2,}$/;
  const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
  const URL_RE = /^(?:(?:https?|ftp):\/\/|www\.)[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;
  const data = form.dataset;
  const button = form.querySelector(".bf-button");
  const message = form.querySelector(".bf-message");
  const modal = document.getElementById("bf-success");
  const widget = form.querySelector("altcha-widget");

  // ALTCHA's external build has no bundled workers: register ours (same origin, allowed by the page's policy).
  if (widget && globalThis.$altcha) {
    const worker = () => new Worker("/forms/assets/altcha-pbkdf2.js?v=3.2.2");
    for (const name of ["PBKDF2/SHA-256", "PBKDF2/SHA-384", "PBKDF2/SHA-512"]) globalThis.$altcha.algorithms.set(name, worker);
    // Solve in the background as soon as the page is there, so Send rarely waits.
    setTimeout(() => widget.verify?.(), 0);
  }

  // In a pop-up (popup.js) or any frame: tell the parent which hiding rules this form has.
  if (window.parent !== window)
    window.parent.postMessage(
      {
        type: "blusteam:form-ready",
        formId: data.formId,
        hideOnSubmit: data.hideOnSubmit === "true",
        hideOnClose: data.hideOnClose === "true",
        hidingDays: Number(data.hidingDays) || 1,
      },
      "*",
    );

  function valueOf(field) {
    const name = field.dataset.field;
    const inputs = form.querySelectorAll(`[name="${CSS.escape(name)}"]`);
    const values = [];
    for (const input of inputs) {
      if ((input.type === "radio" || input.type === "checkbox") && !input.checked) continue;
      if (input.value === "__other__") {
        const other = form.querySelector(`[name="${CSS.escape(`${name}::other`)}"]`);
        if (other?.value.trim()) values.push(other.value.trim());
        continue;
      }
      if (input.value.trim()) values.push(input.value.trim());
    }
    return values.join(",");
  }

  function check(field) {
    const value = valueOf(field);
    const rules = field.dataset;
    if (!value) return rules.required || "";
    if (!rules.invalid) return "";
    const test = { tel: PHONE, email: EMAIL, number: NUMBER, url: URL_RE }[rules.kind];
    return test && !test.test(value) ? rules.invalid : "";
  }

  function show(name, text) {
    const slot = form.querySelector(`[data-error-for="${CSS.escape(name)}"]`);
    if (!slot) return;
    slot.textContent = text || "";
    slot.hidden = !text;
    const control = form.querySelector(`[name="${CSS.escape(name)}"]`);
    if (control && control.type !== "radio" && control.type !== "checkbox") {
      if (text) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
    }
  }

  function say(text) {
    message.textContent = text || "";
    message.hidden = !text;
  }

  function validate() {
    let first = null;
    for (const field of form.querySelectorAll("[data-field]")) {
      const error = check(field);
      show(field.dataset.field, error);
      if (error && !first) first = field;
    }
    return first;
  }

  form.addEventListener("change", (event) => {
    const field = event.target.closest("[data-field]");
    if (field && !form.querySelector(`[data-error-for="${CSS.escape(field.dataset.field)}"]`).hidden)
      show(field.dataset.field, check(field));
  });

  function captchaToken() {
    const input = form.querySelector(`[name="${CSS.escape(data.captchaField)}"]`);
    return input ? input.value : "";
  }

  function waitForCaptcha() {
    if (captchaToken()) return Promise.resolve(true);
    if (!widget) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (event) => {
        const state = event.detail?.state;
        if (state === "verified") resolve(true);
        else if (state === "error" || state === "expired") resolve(false);
        else return;
        widget.removeEventListener("statechange", done);
      };
      widget.addEventListener("statechange", done);
      if (widget.getState?.() !== "verifying") widget.verify?.();
    });
  }

  function resetCaptcha() {
    if (widget?.reset) {
      widget.reset();
      setTimeout(() => widget.verify?.(), 0);
    } else if (globalThis.turnstile) globalThis.turnstile.reset();
    else if (globalThis.hcaptcha) globalThis.hcaptcha.reset();
  }

  let busy = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return; // a double click sends once
    say("");
    const invalid = validate();
    if (invalid) {
      invalid.querySelector("input,select")?.focus();
      return;
    }
    busy = true;
    button.disabled = true;
    try {
      if (!(await waitForCaptcha())) {
        say(data.captchaMissing);
        return;
      }
      const response = await fetch(form.action, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(new FormData(form)),
      });
      const answer = await response.json().catch(() => ({}));
      if (answer.ok) {
        form.reset();
        // A new key for the next visitor of this page: the one just used is spent.
        form.querySelector('[name="_key"]').value = newKey();
        resetCaptcha();
        modal.showModal();
        if (data.hideOnSubmit === "true" && window.parent !== window)
          setTimeout(() => window.parent.postMessage({ type: "blusteam:form-submitted", formId: data.formId }, "*"), 2000);
        return;
      }
      if (answer.errors) {
        for (const [name, text] of Object.entries(answer.errors)) show(name, text);
        return;
      }
      say(answer.message || data.failed);
      if (response.status >= 500) {
        form.reset();
        resetCaptcha();
      }
    } catch {
      say(data.failed);
      form.reset();
      resetCaptcha();
    } finally {
      busy = false;
      button.disabled = false;
    }
  });

  function newKey() {
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  }
})();
