/** Where every billing form posts (the resource route owns checkout, plan updates, the portal and a store plan's cancel). */
export const BILLING_ACTION = "/resources/billing";
