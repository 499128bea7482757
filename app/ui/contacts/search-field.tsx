import { SearchIcon, XCircleIcon } from "@shopify/polaris-icons";
import { useId, useRef, useState } from "react";

/**
 * The contacts search box: the markup and classes of Polaris' TextField with a hidden label, a search
 * prefix, a clear button and help text, written out. The TextField component (Labelled, Connected,
 * its hooks and measurements) cost about a tenth of the /contacts page's server render
 * (`npm run bench:render`), for a box that needs none of its other features. Focus, the clear button
 * and a click on the prefix behave as Polaris' do.
 */
export function SearchField({
  label,
  name,
  placeholder,
  value,
  onChange,
  helpText,
  clearLabel,
}: {
  label: string;
  name: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  helpText?: string;
  clearLabel: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const classes = ["Polaris-TextField"];
  if (value) classes.push("Polaris-TextField--hasValue");
  if (focused) classes.push("Polaris-TextField--focus");
  return (
    <div className="Polaris-Labelled--hidden">
      <div className="Polaris-Labelled__LabelWrapper">
        <div className="Polaris-Label">
          <label id={`${id}Label`} htmlFor={id} className="Polaris-Label__Text">
            <span className="Polaris-Text--root Polaris-Text--bodyMd">{label}</span>
          </label>
        </div>
      </div>
      <div className="Polaris-Connected">
        <div
          className={`Polaris-Connected__Item${focused ? " Polaris-Connected__Item--focused" : ""} Polaris-Connected__Item--primary`}
        >
          {/* As Polaris' field: a click anywhere in the box (the prefix too) puts the cursor in it. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the input inside takes the keyboard */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the input inside takes the keyboard */}
          <div className={classes.join(" ")} onClick={() => input.current?.focus()}>
            <div className="Polaris-TextField__Prefix" id={`${id}-Prefix`}>
              <span className="Polaris-Text--root Polaris-Text--bodyMd">
                <SearchIcon width={20} height={20} fill="currentColor" aria-hidden="true" />
              </span>
            </div>
            <input
              ref={input}
              name={name}
              id={id}
              placeholder={placeholder}
              autoComplete="off"
              className="Polaris-TextField__Input Polaris-TextField__Input--hasClearButton"
              type="text"
              aria-describedby={helpText ? `${id}HelpText` : undefined}
              aria-labelledby={`${id}Label ${id}-Prefix`}
              aria-invalid="false"
              data-1p-ignore="true"
              data-lpignore="true"
              data-form-type="other"
              value={value}
              onChange={(event) => onChange(event.currentTarget.value)}
              onFocus={() => setFocused(true)}
              onBlur={() => setFocused(false)}
            />
            {value ? (
              <button
                type="button"
                className="Polaris-TextField__ClearButton"
                onClick={() => {
                  onChange("");
                  input.current?.focus();
                }}
              >
                <span className="Polaris-Text--root Polaris-Text--visuallyHidden">{clearLabel}</span>
                <span className="Polaris-Icon Polaris-Icon--toneBase">
                  <XCircleIcon className="Polaris-Icon__Svg" focusable="false" aria-hidden="true" />
                </span>
              </button>
            ) : null}
            <div className="Polaris-TextField__Backdrop" />
          </div>
        </div>
      </div>
      {helpText ? (
        <div className="Polaris-Labelled__HelpText" id={`${id}HelpText`}>
          <span className="Polaris-Text--root Polaris-Text--bodyMd Polaris-Text--break Polaris-Text--subdued">
            {helpText}
          </span>
        </div>
      ) : null}
    </div>
  );
}
