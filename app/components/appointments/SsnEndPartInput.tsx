/**
 * The last four characters of the identity code in four single-character boxes: the first
 * three take digits, the last a digit or a check character; input is upper-cased. Without JS
 * they are four fields of one form with a submit button. With JS (the page is not hydrated, see
 * `SSN_END_PART_SCRIPT`) focus moves forward after a character, Backspace in an empty box moves
 * back, and the form submits when all four are filled; the page script then shows the form's
 * `data-pending` button text (components/shell/page-script.server.ts).
 */
import { useTranslation } from '~/i18n/react';
import { useNonce } from '~/components/nonce';
import { IDENTITY_CODE_CHECK_CHARS } from '~/models/identity-code';
import * as s from '~/styles/appointments.css';
import * as ui from '~/styles/ui.css';

export const SSN_FIELDS = ['ssn1', 'ssn2', 'ssn3', 'ssn4'] as const;

const allowed = (index: number) => (index < 3 ? '0123456789' : IDENTITY_CODE_CHECK_CHARS);

/**
 * The boxes' behaviour as a small inline script (no framework): the anonymous appointment page
 * ships no React. Boxes are found by `data-ssn-allowed` inside the script's own form.
 */
export const SSN_END_PART_SCRIPT = `(function(){
var f=document.currentScript.closest('form');if(!f)return;
var b=[].slice.call(f.querySelectorAll('input[data-ssn-allowed]'));
b.forEach(function(i,n){
i.addEventListener('input',function(){
var v=i.value.toUpperCase().slice(-1);
i.value=i.getAttribute('data-ssn-allowed').indexOf(v)>=0?v:'';
if(!i.value)return;
if(b[n+1])b[n+1].focus();
else if(b.every(function(x){return x.value}))f.requestSubmit();
});
i.addEventListener('keydown',function(e){
if(e.key==='Backspace'&&!i.value&&n>0){e.preventDefault();b[n-1].value='';b[n-1].focus();}
});
});
})();`;

export function SsnEndPartInput({ errorId, invalid }: { errorId?: string; invalid: boolean }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  return (
    <>
      <fieldset className={s.ssnBoxes} aria-describedby={errorId}>
        <legend className={ui.label}>{t('appointments.anonymous.ssnLegend')}</legend>
        {SSN_FIELDS.map((name, index) => (
          <input
            key={name}
            name={name}
            className={`${ui.input} ${s.ssnBox}`}
            aria-label={t('appointments.anonymous.ssnBox', { n: index + 1 })}
            aria-invalid={invalid || undefined}
            data-ssn-allowed={allowed(index)}
            maxLength={1}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode={index < 3 ? 'numeric' : 'text'}
            pattern={index < 3 ? '[0-9]' : `[${IDENTITY_CODE_CHECK_CHARS}${IDENTITY_CODE_CHECK_CHARS.toLowerCase()}]`}
          />
        ))}
      </fieldset>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SSN_END_PART_SCRIPT }} />
    </>
  );
}
