import type { Toast } from "~/domain/actions/toast";
import type { EmbedCodes } from "~/domain/forms/embed-codes";
import type { FormDocument } from "~/domain/forms/form-document";

export type SavedForm = {
  id: string;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
  document: FormDocument;
};

export type Choice = { id: string; title: string };

/** What the builder's loader hands the page. */
export type BuilderData = {
  form: SavedForm | null;
  fresh: FormDocument;
  codes: EmbedCodes | null;
  company: string;
  canWrite: boolean;
  contactAttributes: Choice[];
  productAttributes: Choice[];
  products: { id: string; name: string }[];
};

/** What the builder's action answers. */
export type BuilderAnswer = { toast?: Toast; saved?: SavedForm };
