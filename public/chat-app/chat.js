// The web chat app's only script (issue 17). The pages work without it; it adds the welcome pop-up,
// live messages (server-sent events), sending without a reload, the service worker, and, in the
// branding editor's frame (?preview=1), the unsaved branding posted by the editor.
(() => {
  const dataElement = document.getElementById("cb-data");
  if (!dataElement) return;
  const data = JSON.parse(dataElement.textContent || "{}");
  const base = data.base || "";
  const preview = data.state === "preview";
  class SendError extends Error {}

  // Welcome pop-up: once per browser and company (always in the preview, where it is being designed).
  const welcome = document.getElementById("cb-welcome");
  const welcomeKey = `blusteam-chat-welcome:${data.subdomain}`;
  const closeWelcome = () => {
    if (!welcome || welcome.hidden) return;
    welcome.hidden = true;
    if (!preview) {
      try {
        localStorage.setItem(welcomeKey, "1");
      } catch {}
    }
  };
  if (welcome) {
    let seen = false;
    try {
      seen = localStorage.getItem(welcomeKey) === "1";
    } catch {}
    // A first visit's greeting: on the sign-in page (a signed-in contact has been welcomed by email).
    if (!preview && !seen && data.state === "sign-in") welcome.hidden = false;
    welcome.querySelector("[data-welcome-close]")?.addEventListener("click", closeWelcome);
    welcome.addEventListener("click", (event) => {
      if (event.target === welcome) closeWelcome();
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") closeWelcome();
    });
    if (!welcome.hidden) welcome.querySelector("button")?.focus();
  }

  // Times in the reader's own clock.
  const formatTimes = (root) => {
    for (const time of root.querySelectorAll("time[datetime]")) {
      const date = new Date(time.getAttribute("datetime"));
      if (!Number.isNaN(date.getTime()))
        time.textContent = date.toLocaleString(document.documentElement.lang, {
          dateStyle: "short",
          timeStyle: "short",
        });
    }
  };
  formatTimes(document);

  if (preview) listenForBranding();
  else if ("serviceWorker" in navigator && data.state !== "message") {
    navigator.serviceWorker.register(`${base}/sw.js`, { scope: `${base}/` }).catch(() => {});
  }
  if (data.state === "chat") startChat();

  function startChat() {
    const thread = document.getElementById("cb-thread");
    const empty = document.getElementById("cb-empty");
    const form = document.getElementById("cb-composer");
    const input = document.getElementById("cb-message");
    const error = document.getElementById("cb-composer-error");
    const status = document.getElementById("cb-status");
    const button = form.querySelector("button[type=submit]");
    let lastId = data.lastId;

    const scrollToEnd = () => window.scrollTo({ top: document.body.scrollHeight });
    const append = (message) => {
      if (thread.querySelector(`[data-id="${CSS.escape(message.id)}"]`)) return;
      const template = document.getElementById(
        message.author === "contact" ? "cb-message-contact" : "cb-message-brand",
      );
      const item = template.content.firstElementChild.cloneNode(true);
      item.dataset.id = message.id;
      item.querySelector(".cb-body").textContent = message.body;
      item.querySelector("time").setAttribute("datetime", message.createdAt);
      formatTimes(item);
      thread.append(item);
      empty.hidden = true;
      lastId = message.id;
      scrollToEnd();
    };
    const showError = (text) => {
      error.textContent = text;
      error.hidden = !text;
    };
    scrollToEnd();

    const markRead = () => {
      if (document.visibilityState === "visible")
        fetch(`${base}/read`, { method: "POST", headers: { Accept: "application/json" } }).catch(() => {});
    };
    document.addEventListener("visibilitychange", markRead);

    // Live messages. EventSource reconnects by itself (with Last-Event-ID).
    const source = new EventSource(`${base}/events${lastId ? `?after=${encodeURIComponent(lastId)}` : ""}`);
    source.addEventListener("messages", (event) => {
      const messages = JSON.parse(event.data);
      for (const message of messages) append(message);
      if (messages.some((m) => m.author !== "contact")) markRead();
      status.hidden = true;
    });
    source.addEventListener("open", () => {
      status.hidden = true;
    });
    source.addEventListener("error", () => {
      status.textContent = navigator.onLine ? data.texts.reconnecting : data.texts.offline;
      status.hidden = false;
    });

    const newKey = () => {
      const bytes = new Uint8Array(12);
      crypto.getRandomValues(bytes);
      return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    };
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    input.addEventListener("input", () => {
      input.style.height = "auto";
      input.style.height = `${Math.min(input.scrollHeight, 160)}px`;
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = input.value.trim();
      if (!body) return showError(data.texts.empty);
      if (body.length > data.maxLength) return showError(data.texts.tooLong);
      showError("");
      button.disabled = true;
      button.textContent = data.texts.sending;
      const keyField = form.elements.namedItem("clientKey");
      try {
        const response = await fetch(form.action, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ body, clientKey: keyField.value }),
        });
        const answer = await response.json().catch(() => ({}));
        if (!response.ok || !answer.message) throw new SendError(answer.error || data.texts.sendFailed);
        append(answer.message);
        input.value = "";
        input.style.height = "auto";
        // The next message is a new one; a retry of this one keeps its key (stored once).
        keyField.value = newKey();
      } catch (failure) {
        // The server's own words (too many messages...), or "not sent" for a network failure.
        showError(failure instanceof SendError ? failure.message : data.texts.sendFailed);
      } finally {
        button.disabled = false;
        button.textContent = data.texts.send;
        input.focus();
      }
    });
  }

  function listenForBranding() {
    const hex = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
    const colours = {
      mainElementColor: "--cb-main",
      buttonTextColor: "--cb-button-text",
      linkTextColor: "--cb-link",
      brandMessageBackgroundColor: "--cb-brand-bg",
      brandMessageTextColor: "--cb-brand-text",
      contactMessageBackgroundColor: "--cb-contact-bg",
      contactMessageTextColor: "--cb-contact-text",
    };
    window.addEventListener("message", (event) => {
      // Only the app itself (the branding editor) may restyle its preview.
      if (event.origin !== data.appOrigin) return;
      const message = event.data;
      if (!message || message.type !== "blusteam-chat-branding" || typeof message.branding !== "object") return;
      const branding = message.branding;
      for (const [field, variable] of Object.entries(colours)) {
        const value = branding[field];
        if (typeof value === "string" && hex.test(value))
          document.documentElement.style.setProperty(variable, value);
      }
      if (typeof branding.mainElementColor === "string" && hex.test(branding.mainElementColor))
        document.querySelector("meta[name=theme-color]")?.setAttribute("content", branding.mainElementColor);
      for (const element of document.querySelectorAll("[data-brand-text]")) {
        const value = branding[element.dataset.brandText];
        if (typeof value === "string") element.textContent = value;
      }
      for (const element of document.querySelectorAll("[data-brand-image]")) {
        const value = branding[element.dataset.brandImage];
        if (typeof value === "string" && value.startsWith("/")) element.src = value;
      }
      for (const element of document.querySelectorAll("[data-brand-icon]")) {
        const value = branding[element.dataset.brandIcon];
        if (typeof value === "string" && value.startsWith("/")) element.href = value;
      }
      for (const key of ["faq", "support", "shop"]) {
        const item = document.querySelector(`[data-link="${key}"]`);
        const value = branding[`${key}Link`];
        if (!item || typeof value !== "string") continue;
        const safe = /^https?:\/\//i.test(value) ? value : "";
        item.hidden = !safe;
        item.querySelector("a").href = safe || "#";
      }
      if (typeof branding.pageTitle === "string") document.title = branding.pageTitle;
      // The editor shows the pop-up while its texts are edited, and hides it otherwise.
      if (welcome && typeof message.showWelcome === "boolean") welcome.hidden = !message.showWelcome;
    });
    // Tells the editor the frame is ready for the first message.
    if (window.parent !== window) window.parent.postMessage({ type: "blusteam-chat-preview-ready" }, data.appOrigin);
  }
})();
