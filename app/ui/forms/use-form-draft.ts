import { useCallback, useMemo, useState } from "react";
import { defaultFormDocument, defaultTypography } from "~/domain/forms/form-document";
import type { DraftElement, DraftStyle, FormDraft } from "./canvas-types";
import { deleteCustom, insertCustom, moveCustom } from "./element-order";

/**
 * The builder's working copy of a form and whether it differs from the saved one (any edit marks
 * unsaved changes; undoing an edit by hand clears them again, as the saved copy is compared).
 */
export function useFormDraft(initial: FormDraft) {
  const [draft, setDraft] = useState<FormDraft>(initial);
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const dirty = useMemo(() => JSON.stringify(draft) !== saved, [draft, saved]);

  const update = useCallback((change: (draft: FormDraft) => FormDraft) => setDraft(change), []);
  const actions = useMemo(
    () => ({
      setTemplate: (templateName: FormDraft["templateName"]) => update((d) => ({ ...d, templateName })),
      setStyle: (patch: Partial<DraftStyle>) => update((d) => ({ ...d, style: { ...d.style, ...patch } })),
      setElement: (id: string, patch: Partial<DraftElement>) =>
        update((d) => ({ ...d, elements: d.elements.map((e) => (e.id === id ? { ...e, ...patch } : e)) })),
      addField: (element: DraftElement) =>
        update((d) => ({ ...d, elements: insertCustom(d.elements, element) })),
      replaceField: (element: DraftElement) =>
        update((d) => ({ ...d, elements: d.elements.map((e) => (e.id === element.id ? element : e)) })),
      move: (id: string, direction: -1 | 1) =>
        update((d) => ({ ...d, elements: moveCustom(d.elements, id, direction) })),
      remove: (id: string) => update((d) => ({ ...d, elements: deleteCustom(d.elements, id) })),
      /** Reset Form: the default elements and style, keeping the form's name and page title. */
      resetForm: () =>
        update((d) => {
          const fresh = defaultFormDocument();
          return {
            ...fresh,
            style: {
              ...fresh.style,
              micrositeName: d.style.micrositeName,
              micrositePageTitle: d.style.micrositePageTitle,
            },
          };
        }),
      /** Reset Typography: the fonts of every text style and the button's, its colours kept. */
      resetTypography: () =>
        update((d) => {
          const fresh = defaultTypography();
          const { backgroundColor, height, borderColor } = d.style.buttonStyle;
          const buttonStyle = { ...fresh.buttonStyle, backgroundColor, height, borderColor };
          return { ...d, style: { ...d.style, ...fresh, buttonStyle } };
        }),
      /** The document as the server saved it becomes both the draft and the saved copy. */
      loadSaved: (doc: FormDraft) => {
        setDraft(doc);
        setSaved(JSON.stringify(doc));
      },
    }),
    [update],
  );
  return { draft, dirty, ...actions };
}
export type FormDraftApi = ReturnType<typeof useFormDraft>;
