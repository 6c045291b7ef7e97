/**
 * The contact form's phone field shows its `+358…` form on leaving it (spec 2 §5 "normalised on
 * blur"). On the plain page (ADR 0009) ContactForm sends this as an inline script right after
 * its form; under React (after a client navigation) its `onBlur` does the same. The function is
 * the one the server normalises with (`normalizeFinnishPhone`, self-contained), sent as its
 * source text; anything that is not a valid Finnish number stays as typed.
 */
import { normalizeFinnishPhone } from '~/models/contact';

export const PHONE_BLUR_SCRIPT = `(function(f,n){f.addEventListener('focusout',function(e){var i=e.target;if(i.name==='phoneNumber'){var v=n(i.value);if(v)i.value=v}})})(document.currentScript.previousElementSibling,${String(normalizeFinnishPhone)});`;
