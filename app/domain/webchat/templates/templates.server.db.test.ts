import { expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { createAccount, createUser } from "../../../../tests/support/factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { renderChatEmail } from "./render.server";
import { defaultTemplate } from "./template-render";
import { applyTemplate, discardTemplateDraft, listTemplates, saveTemplateDraft } from "./templates.server";

async function companyAndUser(company = "Acme Skin") {
  const account = await createAccount({ company });
  const user = await createUser();
  return { account, actor: { accountId: account.id, userId: user.id } };
}

const values = {
  firstName: "Ana",
  lastName: "Lopez",
  magicLink: "https://chat.example.com/in?t=a&b=1",
  magicCode: "482913",
};

describeEachDatabase("web chat email templates", () => {
  test("a company that never applied one lists the defaults, in the spec's order, without drafts", async () => {
    const { account } = await companyAndUser();
    const templates = await listTemplates(getDb(), account.id);
    expect(templates.map((t) => [t.kind, t.isDefault, t.draft])).toEqual([
      ["welcome", true, null],
      ["newMessage", true, null],
      ["magicLink", true, null],
    ]);
    expect(templates[2]?.saved).toEqual(defaultTemplate("magicLink", "Acme Skin"));
  });

  test("the default New Magic Link email carries the link and the code, escaped and as plain text", async () => {
    const { account } = await companyAndUser("Acme & Co");
    const email = await renderChatEmail(getDb(), account.id, "magicLink", values);
    expect(email.subject).toBe("Your sign-in link for Acme & Co");
    expect(email.html).toContain('<a href="https://chat.example.com/in?t=a&amp;b=1">Sign in</a>');
    expect(email.html).toContain("<strong>482913</strong>");
    expect(email.html).toContain("Acme &amp; Co chat");
    expect(email.text).toContain("Sign in (https://chat.example.com/in?t=a&b=1)");
    expect(email.text).toContain("Or enter this code: 482913");
    expect(email.text).not.toMatch(/[<>]/);
  });

  test("a draft is kept as typed and found again; Apply makes it the template the chat sends", async () => {
    const { account, actor } = await companyAndUser();
    const draft = { subject: "Hi {{firstName}}", body: "<p>Draft for {{firstName}} {{lastName}}</p>" };
    expect(await saveTemplateDraft(getDb(), actor, "welcome", draft)).toEqual({ ok: true });
    let [welcome] = await listTemplates(getDb(), account.id);
    expect(welcome?.draft).toEqual(draft);
    expect(welcome?.isDefault).toBe(true);
    // Not applied yet: the chat still sends the default.
    expect((await renderChatEmail(getDb(), account.id, "welcome", values)).subject).toBe(
      "Welcome to Acme Skin",
    );

    const applied = await applyTemplate(getDb(), actor, "welcome", draft);
    if (!applied.ok) throw new Error("not applied");
    [welcome] = await listTemplates(getDb(), account.id);
    expect(welcome).toMatchObject({ id: applied.id, isDefault: false, draft: null, saved: draft });
    const email = await renderChatEmail(getDb(), account.id, "welcome", values);
    expect(email).toMatchObject({ subject: "Hi Ana", text: "Draft for Ana Lopez" });
    expect(email.html).toContain("<p>Draft for Ana Lopez</p>");

    // Applying again keeps the same row (the spec's "response id must match").
    const again = await applyTemplate(getDb(), actor, "welcome", { subject: "Again", body: "<p>x</p>" });
    expect(again.ok && again.id).toBe(applied.id);
  });

  test("a draft back to the applied copy is dropped", async () => {
    const { account, actor } = await companyAndUser();
    await saveTemplateDraft(getDb(), actor, "newMessage", { subject: "x", body: "" });
    await discardTemplateDraft(getDb(), actor, "newMessage");
    expect((await listTemplates(getDb(), account.id))[1]?.draft).toBeNull();
  });

  test("bodies are sanitised: no script, no handler, no javascript link; the editor's fonts stay", async () => {
    const { account, actor } = await companyAndUser();
    const applied = await applyTemplate(getDb(), actor, "newMessage", {
      subject: "New",
      body: `<p onclick="steal()">Hi <script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a>
        <span style="font-family: &quot;Times New Roman&quot;; font-size: 48px; position: fixed; background-image: url(x)">big</span>
        <font face="Impact">old</font><span style="font-size: 200px">huge</span><a href="{{magicLink}}">open</a></p>`,
    });
    if (!applied.ok) throw new Error("not applied");
    const body = applied.saved.body;
    expect(body).not.toMatch(/script|onclick|onerror|javascript|img|position|url\(/i);
    expect(body).toContain(
      `<span style="font-family: &#39;Times New Roman&#39;; font-size: 48px">big</span>`,
    );
    expect(body).toMatch(/^<p>Hi <a>bad<\/a>/);
    expect(body).toContain(`<span style="font-family: Impact">old</span>`);
    expect(body).toContain("<span>huge</span>");
    expect(body).toContain('<a href="{{magicLink}}">open</a>');
    const email = await renderChatEmail(getDb(), account.id, "newMessage", { firstName: "A", lastName: "B" });
    // No address given: the link keeps its words and loses its href.
    expect(email.html).toContain("<a>open</a>");
  });

  test("variables: values are escaped, attributes filled by title, link variables become links", async () => {
    const { account, actor } = await companyAndUser();
    await applyTemplate(getDb(), actor, "welcome", {
      subject: "For {{firstName}} ({{attribute:Skin type}})",
      body: '<p>{{firstName}} has {{attribute:Skin type}} skin. {{magicLink}} <a href="{{unsubscribeLink}}">{{unsubscribeLink}}</a> {{attribute:Missing}}.</p>',
    });
    const email = await renderChatEmail(getDb(), account.id, "welcome", {
      firstName: "<b>Eve</b>",
      lastName: "X",
      magicLink: "https://chat.example.com/m",
      unsubscribeLink: "https://chat.example.com/u",
      attributes: { "Skin type": "dry & <i>rough</i>" },
    });
    expect(email.subject).toBe("For <b>Eve</b> (dry & <i>rough</i>)");
    expect(email.html).toContain("&lt;b&gt;Eve&lt;/b&gt; has dry &amp; &lt;i&gt;rough&lt;/i&gt; skin.");
    expect(email.html).toContain('<a href="https://chat.example.com/m">https://chat.example.com/m</a>');
    expect(email.html).toContain('<a href="https://chat.example.com/u">https://chat.example.com/u</a> .');
    expect(email.text).toContain("<b>Eve</b> has dry & <i>rough</i> skin.");
  });

  test("an empty subject or body is refused and nothing is written", async () => {
    const { account, actor } = await companyAndUser();
    expect(await applyTemplate(getDb(), actor, "welcome", { subject: " ", body: "<p>x</p>" })).toEqual({
      ok: false,
    });
    expect(
      await applyTemplate(getDb(), actor, "welcome", { subject: "x", body: "<script>x</script>" }),
    ).toEqual({
      ok: false,
    });
    expect((await listTemplates(getDb(), account.id))[0]?.isDefault).toBe(true);
  });

  test("one company's templates never reach another's", async () => {
    const a = await companyAndUser("Alpha");
    const b = await companyAndUser("Beta");
    await applyTemplate(getDb(), a.actor, "welcome", { subject: "Alpha only", body: "<p>Alpha</p>" });
    await saveTemplateDraft(getDb(), a.actor, "magicLink", { subject: "Alpha draft", body: "" });
    const other = await listTemplates(getDb(), b.account.id);
    expect(other.every((t) => t.isDefault && t.draft === null)).toBe(true);
    expect((await renderChatEmail(getDb(), b.account.id, "welcome", values)).subject).toBe("Welcome to Beta");
  });
});
