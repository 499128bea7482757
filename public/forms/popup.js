// The sign-up form pop-up a store pastes into its theme (spec 3 §2.2, issue 15):
//   <script src="https://{app}/forms/popup.js" data-form-id="{form id}" async></script>
// Opens the form in a framed pop-up, unless this browser submitted it and the form hides
// permanently after a submit, or closed it less than the form's N days ago (hide after close).
// The form tells us its rules when it loads, and posts its id 2 s after a submit: we close then.
(() => {
  const script =
    document.currentScript || document.querySelector('script[data-form-id][src*="/forms/popup.js"]');
  if (!script) return;
  const formId = script.getAttribute("data-form-id");
  if (!formId || !/^[0-9a-f-]{36}$/i.test(formId)) return;
  const origin = new URL(script.src, location.href).origin;
  const delay = Number(script.getAttribute("data-delay-ms") || 1000);
  const productId = script.getAttribute("data-product-id");
  const key = `blusteam-form:${formId}`;
  const store = {
    get(name) {
      try {
        return localStorage.getItem(`${key}:${name}`);
      } catch {
        return null;
      }
    },
    set(name, value) {
      try {
        localStorage.setItem(`${key}:${name}`, value);
      } catch {
        // Storage refused (private mode): the pop-up simply shows again next time.
      }
    },
  };
  if (store.get("submitted") === "1") return;
  if (Number(store.get("hiddenUntil") || 0) > Date.now()) return;

  let rules = { hideOnSubmit: false, hideOnClose: false, hidingDays: 1 };
  let overlay = null;
  let frame = null;

  function close(byVisitor) {
    if (!overlay) return;
    if (byVisitor && rules.hideOnClose)
      store.set("hiddenUntil", String(Date.now() + Math.max(1, rules.hidingDays) * 86_400_000));
    overlay.remove();
    overlay = null;
    document.removeEventListener("keydown", onKey);
    window.removeEventListener("message", onMessage);
  }

  function onKey(event) {
    if (event.key === "Escape") close(true);
  }

  function onMessage(event) {
    if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return;
    const message = event.data || {};
    if (message.formId !== formId) return;
    if (message.type === "blusteam:form-ready")
      rules = {
        hideOnSubmit: Boolean(message.hideOnSubmit),
        hideOnClose: Boolean(message.hideOnClose),
        hidingDays: Number(message.hidingDays) || 1,
      };
    if (message.type === "blusteam:form-submitted") {
      if (rules.hideOnSubmit) store.set("submitted", "1");
      close(false);
    }
  }

  function open() {
    overlay = document.createElement("div");
    overlay.setAttribute("data-blusteam-popup", formId);
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-label", "Sign-up form");
    overlay.style.cssText =
      "position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;padding:16px";
    const box = document.createElement("div");
    box.style.cssText =
      "position:relative;width:100%;max-width:960px;height:min(90vh,820px);background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 10px 40px rgba(0,0,0,.3)";
    const button = document.createElement("button");
    button.type = "button";
    button.setAttribute("aria-label", "Close");
    button.textContent = "\u00d7";
    button.style.cssText =
      "position:absolute;top:6px;right:10px;z-index:1;width:36px;height:36px;border:0;border-radius:18px;background:rgba(255,255,255,.9);font-size:24px;line-height:1;cursor:pointer";
    button.addEventListener("click", () => close(true));
    frame = document.createElement("iframe");
    const query = productId ? `?productId=${encodeURIComponent(productId)}` : "";
    frame.src = `${origin}/contact-form-builder/m/${encodeURIComponent(formId)}${query}`;
    frame.title = "Sign-up form";
    frame.style.cssText = "width:100%;height:100%;border:0";
    box.append(button, frame);
    overlay.append(box);
    overlay.addEventListener("click", (event) => {
      if (event.target === overlay) close(true);
    });
    window.addEventListener("message", onMessage);
    document.addEventListener("keydown", onKey);
    document.body.append(overlay);
    button.focus();
  }

  setTimeout(open, delay);
})();
