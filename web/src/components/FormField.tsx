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
  /** What is wrong with this field: shown under it, announced with it, and the field marked invalid. */
  error?: string | null;
}

/** A labelled input; the hint and any error are announced with the field through aria-describedby. */
export function FormField({ label, hint, error, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Field id={id} label={label}>
      <input
        id={id}
        className="field__input"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </Field>
  );
}
