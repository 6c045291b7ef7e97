/** A confirmation link (`data-dialog`, components/ConfirmLink) opens its `<dialog>`; without JS it opens the page. */
import { DIALOG } from './attributes';

export function installDialogs(doc: Document): void {
  doc.addEventListener('click', (e) => {
    const a = e.target instanceof Element ? e.target.closest(`a[${DIALOG}]`) : null;
    const dialog = a ? doc.getElementById(a.getAttribute(DIALOG) || '') : null;
    if (!(dialog instanceof HTMLDialogElement) || !dialog.showModal) return;
    e.preventDefault();
    dialog.showModal();
  });
}
