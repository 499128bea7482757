import { expect, test } from "vitest";
import { embedCodes } from "./embed-codes";

test("the share link, iframe and script point at this site's public form and pop-up script", () => {
  const codes = embedCodes("https://app.example.com/", "7d3f0c2e-8a6b-4b8e-9a4e-2f1d0c9b8a7e");
  expect(codes.shareLink).toBe(
    "https://app.example.com/contact-form-builder/m/7d3f0c2e-8a6b-4b8e-9a4e-2f1d0c9b8a7e",
  );
  expect(codes.iframeCode).toContain(`src="${codes.shareLink}"`);
  expect(codes.scriptCode).toBe(
    '<script src="https://app.example.com/forms/popup.js" data-form-id="7d3f0c2e-8a6b-4b8e-9a4e-2f1d0c9b8a7e" async></script>',
  );
});
