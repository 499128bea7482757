import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import {
  contentSecurityPolicy,
  frameOnlyPolicy,
  isCrossOriginWrite,
  isFramableByAnySite,
  securityMiddleware,
} from "./security.server";

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/login", { method: "POST", headers });

describe("cross-origin writes", () => {
  it("allows our own origin and requests without one", () => {
    expect(isCrossOriginWrite(post({ Origin: "http://localhost:3000" }))).toBe(false);
    expect(isCrossOriginWrite(post({}))).toBe(false);
    expect(
      isCrossOriginWrite(new Request("http://localhost:3000/", { headers: { Origin: "https://evil.test" } })),
    ).toBe(false);
  });

  it("refuses another site's posts", () => {
    expect(isCrossOriginWrite(post({ Origin: "https://evil.test" }))).toBe(true);
    expect(isCrossOriginWrite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });
});

describe("Strict-Transport-Security", () => {
  const page = async () => {
    const next = async () => new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
    const response = await securityMiddleware(
      { request: new Request("https://example.com/contacts") } as Parameters<typeof securityMiddleware>[0],
      next,
    );
    return (response as Response).headers;
  };
  afterEach(() => {
    delete process.env.APP_URL;
    resetConfigForTests();
  });

  it("tells browsers to stay on https when APP_URL is https", async () => {
    process.env.APP_URL = "https://example.com";
    resetConfigForTests();
    expect((await page()).get("Strict-Transport-Security")).toBe("max-age=31536000");
  });

  it("is not sent on http (the local trial)", async () => {
    process.env.APP_URL = "http://localhost:3000";
    resetConfigForTests();
    const headers = await page();
    expect(headers.get("Strict-Transport-Security")).toBeNull();
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("framing", () => {
  const headersOf = async (url: string) => {
    const next = async () => new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
    const response = await securityMiddleware(
      { request: new Request(url) } as Parameters<typeof securityMiddleware>[0],
      next,
    );
    return (response as Response).headers;
  };

  it("lets any site frame /billingiframe, and nothing else", async () => {
    expect((await headersOf("http://localhost:3000/billingiframe")).get("X-Frame-Options")).toBeNull();
    expect((await headersOf("http://localhost:3000/billingiframe/")).get("X-Frame-Options")).toBeNull();
    for (const path of ["/billingpage", "/settings", "/billingiframe/x", "/billingiframes", "/signin"])
      expect((await headersOf(`http://localhost:3000${path}`)).get("X-Frame-Options"), path).toBe("DENY");
    expect(isFramableByAnySite("/billingiframe")).toBe(true);
    expect(isFramableByAnySite("/BillingIframe")).toBe(false);
  });

  it("says so in the page's policy: frame-ancestors * there, 'none' everywhere else", () => {
    expect(contentSecurityPolicy("n", { framable: true })).toContain("frame-ancestors *");
    expect(contentSecurityPolicy("n", { framable: true })).not.toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy("n")).toContain("frame-ancestors 'none'");
  });
});

describe("framing inside the Shopify admin", () => {
  const SHOP = "demo-shop.myshopify.com";
  const headersFor = async (policy: string | null) => {
    const next = async () =>
      new Response("<p>page</p>", {
        headers: policy ? { "Content-Type": "text/html", "Content-Security-Policy": policy } : {},
      });
    const response = await securityMiddleware(
      { request: new Request("http://localhost:3000/contacts") } as Parameters<typeof securityMiddleware>[0],
      next,
    );
    return (response as Response).headers;
  };

  it("lets only the token's shop and Shopify's admin frame an embedded page, which loads App Bridge", () => {
    const policy = contentSecurityPolicy("n", { embeddedShop: SHOP });
    expect(policy).toContain(`frame-ancestors https://${SHOP} https://admin.shopify.com`);
    expect(policy).not.toContain("frame-ancestors 'none'");
    expect(policy).toContain(
      "script-src 'self' 'nonce-n' https://cdn.shopify.com/shopifycloud/app-bridge.js",
    );
    // A standalone page neither loads Shopify's script nor lets anyone frame it.
    expect(contentSecurityPolicy("n")).not.toContain("cdn.shopify.com");
    expect(frameOnlyPolicy({ embeddedShop: SHOP })).toBe(
      `frame-ancestors https://${SHOP} https://admin.shopify.com`,
    );
    expect(frameOnlyPolicy()).toBe("frame-ancestors 'none'");
  });

  it("drops X-Frame-Options only where the page's own policy names who may frame it", async () => {
    expect(
      (await headersFor(contentSecurityPolicy("n", { embeddedShop: SHOP }))).get("X-Frame-Options"),
    ).toBeNull();
    // The library's bounce page sends frame-ancestors alone.
    expect(
      (await headersFor(`frame-ancestors https://${SHOP} https://admin.shopify.com;`)).get("X-Frame-Options"),
    ).toBeNull();
    expect((await headersFor(contentSecurityPolicy("n"))).get("X-Frame-Options")).toBe("DENY");
    expect((await headersFor("default-src 'self'")).get("X-Frame-Options")).toBe("DENY");
    expect((await headersFor(null)).get("X-Frame-Options")).toBe("DENY");
  });
});

describe("images in the page's policy", () => {
  afterEach(() => {
    delete process.env.SHOPIFY_API_URL;
    resetConfigForTests();
  });

  it("allows https images, and the Shopify stand-in's plain-http pictures only in tests", () => {
    expect(contentSecurityPolicy("n")).toContain("img-src 'self' data: https:;");
    process.env.SHOPIFY_API_URL = "http://127.0.0.1:24100";
    resetConfigForTests();
    expect(contentSecurityPolicy("n")).toContain("img-src 'self' data: https: http://127.0.0.1:24100;");
  });
});
