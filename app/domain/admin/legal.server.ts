/** The Terms & Conditions tab: the current links. Built by the admin work. */
export async function loadTermsTab() {
  return { documents: [] as Array<{ kind: string; url: string; updatedAt: string }> };
}
