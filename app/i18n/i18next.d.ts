import "i18next";
import type { Resources } from "./en";

// Keys are checked against the English resources: a mistyped key fails `npm run typecheck`.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Resources };
  }
}
