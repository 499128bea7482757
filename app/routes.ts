import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the specification and the module that serves it.
export default [
  // Public: sign-up and login (signed-in users are sent where they belong).
  route("signin", "routes/auth/login.tsx", { id: "signin" }),
  route("login", "routes/auth/login.tsx", { id: "login" }),
  route("signup", "routes/auth/signup.tsx"),
  route("confirm_sign_up", "routes/auth/confirm-sign-up.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("set-new-password", "routes/auth/set-new-password.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("suspended", "routes/auth/suspended.tsx"),

  // Public: legal documents, billing hand-off, store install, hosted forms.
  route("termsandCondition", "routes/legal/document.tsx", { id: "legal-terms" }),
  route("privacy", "routes/legal/document.tsx", { id: "legal-privacy" }),
  route("billingpage", "routes/public/billing-page.tsx", { id: "billingpage" }),
  route("billingiframe", "routes/public/billing-page.tsx", { id: "billingiframe" }),
  route("shopify-install", "routes/shopify/install.tsx"),
  route("shopify-redirect", "routes/shopify/redirect.tsx"),
  route("contact-form/contact-form-builder/m/:id", "routes/public/public-form.tsx", {
    id: "public-form-long",
  }),
  route("contact-form-builder/m/:id", "routes/public/public-form.tsx", { id: "public-form" }),
  // The public form's captcha challenge and widget files; /forms/form.js and /forms/popup.js (the
  // pop-up a store pastes into its theme) are static files in public/forms/.
  route("forms/captcha/challenge", "routes/public/form-captcha-challenge.tsx"),
  route("forms/assets/:file", "routes/public/form-assets.tsx"),
  // Images uploaded in the form builder, public like the forms that show them.
  route("forms/images/:accountId/:file", "routes/forms/form-image.tsx"),
  // Images uploaded for the web chat's branding, public like the chat app that shows them.
  route("webchat-assets/:file", "routes/webchat/asset.tsx"),

  // Public: a company's web chat app for its contacts (issue 17), also served on
  // {subdomain}.{CHAT_DOMAIN} (express-app.server.ts maps that host's paths here).
  route("c/:subdomain", "routes/chat-app/chat-page.tsx"),
  route("c/:subdomain/sign-in", "routes/chat-app/sign-in.tsx"),
  route("c/:subdomain/verify", "routes/chat-app/verify.tsx"),
  route("c/:subdomain/magic", "routes/chat-app/magic.tsx"),
  route("c/:subdomain/sign-out", "routes/chat-app/sign-out.tsx"),
  route("c/:subdomain/messages", "routes/chat-app/messages.tsx"),
  route("c/:subdomain/read", "routes/chat-app/read.tsx"),
  route("c/:subdomain/events", "routes/chat-app/events.tsx"),
  route("c/:subdomain/unsubscribe", "routes/chat-app/unsubscribe.tsx"),
  route("c/:subdomain/manifest.webmanifest", "routes/chat-app/manifest.tsx"),
  route("c/:subdomain/sw.js", "routes/chat-app/service-worker.tsx"),
  route("c/:subdomain/offline", "routes/chat-app/offline.tsx"),

  // Public: tracked links and provider webhooks (signature-checked, no session).
  route("l/:code", "routes/links/link.tsx"),
  route("webhooks/twilio/status", "routes/webhooks/twilio-status.tsx"),
  route("webhooks/twilio/sms", "routes/webhooks/twilio-sms.tsx"),
  route("webhooks/stripe", "routes/webhooks/stripe.tsx"),
  // Shopify's webhooks (shopify.app.toml declares each topic's URI under /webhooks/shopify/).
  route("webhooks/shopify/*", "routes/webhooks/shopify.tsx"),
  // Tri-Tech's (AIM's) contract events, signed with the company's secret key (issue 16).
  route("integrations/tritech/events", "routes/integrations/tritech-events.tsx"),
  // Meta's WhatsApp webhook, at the address the spec shows companies (spec 3 section 2.5).
  route("gandalfproxy/api/whatsapp/webhook", "routes/webhooks/whatsapp.tsx"),

  // The embedded app's set-up inside the Shopify admin (the guard sends a staff member there first;
  // shopify.app.toml's application_url is the site root, whose Shopify links come here too); the
  // library owns /auth/*.
  route("app", "routes/embedded/app.tsx"),
  // /app/{path}: a deep link into the admin; set up like /app, then /{path}.
  route("app/*", "routes/embedded/app.tsx", { id: "embedded-app-deep-link" }),
  route("auth/*", "routes/embedded/auth.tsx"),

  // Local stand-ins and small endpoints of our own.
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("resources/language", "routes/resources/language.tsx"),
  route("resources/switch-account", "routes/resources/switch-account.tsx"),
  route("resources/accept-terms", "routes/resources/accept-terms.tsx"),
  route("resources/setup-status", "routes/resources/setup-status.tsx"),
  route("resources/events", "routes/resources/events.tsx"),
  route("resources/invitations", "routes/resources/invitations.tsx"),
  route("resources/access-requests", "routes/resources/access-requests.tsx"),
  route("resources/members", "routes/resources/members.tsx"),
  route("resources/api-keys", "routes/resources/api-keys.tsx"),
  route("resources/view-as", "routes/resources/view-as.tsx"),
  route("resources/billing", "routes/resources/billing.tsx"),
  route("resources/csv-upload", "routes/resources/csv-upload.tsx"),
  route("resources/csv-imports", "routes/resources/csv-imports.tsx"),
  route("resources/csv-import-progress", "routes/resources/csv-import-progress.tsx"),
  route("resources/csv-import-errors", "routes/resources/csv-import-errors.tsx"),
  route("resources/csv-sample", "routes/resources/csv-sample.tsx"),
  route("resources/attributes", "routes/contacts/attributes-resource.tsx"),
  route("resources/contacts", "routes/contacts/contacts-resource.tsx"),
  route("resources/product-mapping", "routes/products/product-mapping-resource.tsx"),
  route("resources/admin/companies", "routes/resources/admin/companies.tsx"),
  route("resources/admin/dashboards", "routes/resources/admin/dashboards.tsx"),
  route("resources/admin/users", "routes/resources/admin/users.tsx"),
  route("resources/admin/legal", "routes/resources/admin/legal.tsx"),
  route("resources/form-images", "routes/forms/form-images.tsx"),
  route("resources/webchat-assets", "routes/webchat/assets-resource.tsx"),
  route("resources/chat-inbox-events", "routes/webchat/inbox-events.tsx"),
  // The analytics page's current view as CSV (issue 18).
  route("analytics/export.csv", "routes/analytics/export-csv.tsx"),

  // Setup: signed in, with or without a company.
  route("setup", "routes/setup/setup.tsx"),
  route("invitation-link", "routes/invitations/invitation-link.tsx"),
  route("unboxing-tour", "routes/shopify/unboxing-tour.tsx"),

  // Signed in: the application shell.
  layout("routes/app-layout.tsx", [
    index("routes/home.tsx"),
    route("admin", "routes/admin/admin.tsx"),
    route("touchpoints", "routes/journeys/touchpoints.tsx"),
    route("touchpoints/workflow", "routes/journeys/workflow.tsx"),
    route("touchpoint-detail", "routes/journeys/touchpoint-detail.tsx"),
    route("support", "routes/support.tsx"),
    route("product", "routes/products/products.tsx"),
    route("product-detail", "routes/products/product-detail.tsx"),
    route("product-mapping", "routes/products/product-mapping.tsx"),
    route("settings", "routes/settings/settings.tsx"),
    route("contacts", "routes/contacts/contacts.tsx"),
    route("contacts-detail", "routes/contacts/contact-detail.tsx", { id: "contacts-detail" }),
    route("contacts/create-contact", "routes/contacts/create-contact.tsx"),
    route("contacts/contact-detail", "routes/contacts/contact-detail.tsx", { id: "contact-detail" }),
    route("contact-form", "routes/forms/form-list.tsx", { id: "contact-form" }),
    route("contact-form/contact-form-builder", "routes/forms/form-builder.tsx", {
      id: "contact-form-builder",
    }),
    route("responsive-billingpage", "routes/settings/responsive-billingpage.tsx"),
    route("integration", "routes/integrations/integration.tsx"),
    route("webchat", "routes/webchat/index.tsx"),
    route("webchat/email-templates", "routes/webchat/email-templates.tsx", { id: "webchat-email-templates" }),
    route("webchat/branding", "routes/webchat/branding.tsx", { id: "webchat-branding" }),
    route("webchat/inbox", "routes/webchat/inbox.tsx"),
    route("webchat/*", "routes/webchat/unknown-tab.tsx", { id: "webchat-unknown-tab" }),
    route("chat-interface", "routes/webchat/chat-interface.tsx"),
  ]),

  // Any other path goes to /.
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
