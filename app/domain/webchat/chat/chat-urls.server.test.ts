import { describe, expect, it } from "vitest";
import { chatSubdomainOfHost, cleanSubdomain, rewriteChatHostPath } from "./chat-urls.server";

// {subdomain}.{CHAT_DOMAIN} serves the company's chat app as /c/{subdomain}/... (express-app.server.ts).

describe("chat hosts", () => {
  const domain = "chat.example.com";

  it("reads one subdomain label under CHAT_DOMAIN, in any case and with a port", () => {
    expect(chatSubdomainOfHost("acme.chat.example.com", domain)).toBe("acme");
    expect(chatSubdomainOfHost("ACME.Chat.Example.com:8443", domain)).toBe("acme");
    expect(chatSubdomainOfHost("a.b.chat.example.com", domain)).toBeNull();
    expect(chatSubdomainOfHost("chat.example.com", domain)).toBeNull();
    expect(chatSubdomainOfHost("acme.chat.example.com.evil.test", domain)).toBeNull();
    expect(chatSubdomainOfHost("acme.chat.example.com", undefined)).toBeNull();
  });

  it("maps the chat host's paths under /c/{subdomain}, except the app's shared files", () => {
    const host = "acme.chat.example.com";
    expect(rewriteChatHostPath(host, "/", domain)).toBe("/c/acme/");
    expect(rewriteChatHostPath(host, "/?preview=1", domain)).toBe("/c/acme/?preview=1");
    expect(rewriteChatHostPath(host, "/magic?token=abc", domain)).toBe("/c/acme/magic?token=abc");
    expect(rewriteChatHostPath(host, "/sw.js", domain)).toBe("/c/acme/sw.js");
    expect(rewriteChatHostPath(host, "/chat-app/chat.js?v=1", domain)).toBeNull();
    expect(rewriteChatHostPath(host, "/assets/entry.js", domain)).toBeNull();
    // The branding's images, so the page and its worker load them from their own origin; nothing
    // else of the staff app's (its /webchat screens stay out of the chat's origin).
    expect(rewriteChatHostPath(host, "/webchat/default-icon-192.png", domain)).toBeNull();
    expect(
      rewriteChatHostPath(host, "/webchat-assets/0f4c8b9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f.png", domain),
    ).toBeNull();
    expect(rewriteChatHostPath(host, "/webchat/branding", domain)).toBe("/c/acme/webchat/branding");
    expect(rewriteChatHostPath(host, "/webchat-assets/x/y", domain)).toBe("/c/acme/webchat-assets/x/y");
    expect(rewriteChatHostPath(host, "/healthz", domain)).toBeNull();
    // Another company's app cannot be reached through this host.
    expect(rewriteChatHostPath(host, "/c/other/messages", domain)).toBe("/c/acme/c/other/messages");
    expect(rewriteChatHostPath("app.example.com", "/", domain)).toBeNull();
  });

  it("accepts only subdomain-shaped values", () => {
    expect(cleanSubdomain("Demo-Chat")).toBe("demo-chat");
    expect(cleanSubdomain("-bad")).toBeNull();
    expect(cleanSubdomain("bad_one")).toBeNull();
    expect(cleanSubdomain(undefined)).toBeNull();
  });
});
