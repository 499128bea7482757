import { useCallback, useMemo, useState } from "react";
import type { DraftElement, DraftStyle, FormDraft } from "./canvas-types";
import { deleteCustom, insertCustom, moveCustom } from "./element-order";

/** The style keys Reset Typography restores (spec 4.1): the text styles and the button's font. */
export const TYPOGRAPHY_KEYS = [
  "headingStyle",
  "subHeadingStyle",
  "textStyle",
  "questionStyle",
  "answerStyle",
  "descriptionStyle",
  "companyTextStyle",
  "buttonStyle",
] as const;

/**
 * The builder's working copy of a form and whether it differs from the saved one (any edit marks
 * unsaved changes; undoing an edit by hand clears them again, as the saved copy is compared).
 */
export function useFormDraft(initial: FormDraft, defaults: () => FormDraft) {
  const [draft, setDraft] = useState<FormDraft>(initial);
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const dirty = useMemo(() => JSON.stringify(draft) !== saved, [draft, saved]);

  const update = useCallback((change: (draft: FormDraft) => FormDraft) => setDraft(change), []);
  const actions = useMemo(
    () => ({
      setTemplate: (templateName: string) => update((d) => ({ ...d, templateName })),
      setStyle: (patch: Partial<DraftStyle>) => update((d) => ({ ...d, style: { ...d.style, ...patch } })),
      setElement: (id: string, patch: Partial<DraftElement>) =>
        update((d) => ({ ...d, elements: d.elements.map((e) => (e.id === id ? { ...e, ...patch } : e)) })),
      addField: (element: DraftElement) => update((d) => ({ ...d, elements: insertCustom(d.elements, element) })),
      replaceField: (element: DraftElement) =>
        update((d) => ({ ...d, elements: d.elements.map((e) => (e.id === element.id ? element : e)) })),
      move: (id: string, direction: -1 | 1) =>
        update((d) => ({ ...d, elements: moveCustom(d.elements, id, direction) })),
      remove: (id: string) => update((d) => ({ ...d, elements: deleteCustom(d.elements, id) })),
      /** Reset Form: the default elements and style, keeping the form's name and page title. */
      resetForm: () =>
        update((d) => {
          const fresh = defaults();
          return {
            ...fresh,
            style: {
              ...fresh.style,
              micrositeName: d.style.micrositeName,
              micrositePageTitle: d.style.micrositePageTitle,
            },
          };
        }),
      resetTypography: () =>
        update((d) => {
          const fresh = defaults().style;
          const style = { ...d.style };
          for (const key of TYPOGRAPHY_KEYS) {
            if (key === "buttonStyle") {
              const { fontFamily, fontSize, fontStyle, fontWeight, color } = fresh.buttonStyle ?? {};
              style.buttonStyle = { ...d.style.buttonStyle, fontFamily, fontSize, fontStyle, fontWeight, color };
            } else style[key] = fresh[key];
          }
          return { ...d, style };
        }),
      markSaved: (doc: FormDraft) => setSaved(JSON.stringify(doc)),
    }),
    [update, defaults],
  );
  return { draft, dirty, ...actions };
}
