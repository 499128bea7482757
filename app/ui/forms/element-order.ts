import { FIXED_LEADING_COUNT } from "~/domain/forms/form-document";
import { fixedTrailingStart } from "~/domain/forms/form-elements";

/**
 * Where custom fields may sit (spec 3 section 2.2): the first 7 elements (image, heading,
 * sub-heading, first name, last name, phone, email) and the last 4 (button, consent text, copyright,
 * company text) are fixed; custom fields sit between them and move up or down, never past the ends.
 */
export function isCustomIndex(length: number, index: number) {
  return index >= FIXED_LEADING_COUNT && index < fixedTrailingStart(length);
}

/** Adds a custom field after the last custom field (just before the fixed tail). */
export function insertCustom<T>(elements: readonly T[], element: T): T[] {
  const at = fixedTrailingStart(elements.length);
  return [...elements.slice(0, at), element, ...elements.slice(at)];
}

export function canMove(length: number, index: number, direction: -1 | 1) {
  return isCustomIndex(length, index) && isCustomIndex(length, index + direction);
}

/** Moves a custom field one place up (-1) or down (1); anything else is left as it is. */
export function moveCustom<T extends { id: string }>(
  elements: readonly T[],
  id: string,
  direction: -1 | 1,
): T[] {
  const index = elements.findIndex((e) => e.id === id);
  if (index < 0 || !canMove(elements.length, index, direction)) return [...elements];
  const next = [...elements];
  const [moved] = next.splice(index, 1);
  next.splice(index + direction, 0, moved as T);
  return next;
}

/** Deletes a custom field; the fixed elements cannot be deleted. */
export function deleteCustom<T extends { id: string }>(elements: readonly T[], id: string): T[] {
  const index = elements.findIndex((e) => e.id === id);
  if (index < 0 || !isCustomIndex(elements.length, index)) return [...elements];
  return elements.filter((e) => e.id !== id);
}
