/**
 * Spec section 2: on an admin list screen Enter triggers the primary search button. Enter typed
 * into one of the search form's own inputs already submits the form; anywhere else on the screen
 * (a select, the page itself) it presses the button, except where Enter has its own meaning: text
 * areas, buttons, links, menus, list boxes and open dialogs or drawers.
 */
const OWN_ENTER = "textarea, button, a[href], [contenteditable=''], [contenteditable='true']";
const OWN_KEYS_PARTS = "[role='dialog'], [role='menu'], [role='listbox'], [role='combobox']";

export function pressesSearch(event: KeyboardEvent, form: HTMLFormElement): boolean {
  if (event.key !== "Enter" || event.isComposing || event.defaultPrevented) return false;
  if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return true;
  if (target.closest(OWN_ENTER) || target.closest(OWN_KEYS_PARTS)) return false;
  return !(target instanceof HTMLInputElement && form.contains(target));
}
