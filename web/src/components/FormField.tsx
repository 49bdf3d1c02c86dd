import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A field of a form: its label, then `children`, the control whose id is `id` and any hint. */
export function Field({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
    </div>
  );
}

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
}

/** A labelled input; the hint is announced with the field through aria-describedby. */
export function FormField({ label, hint, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Field id={id} label={label}>
      <input id={id} className="field__input" aria-describedby={hintId} {...input} />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </Field>
  );
}
