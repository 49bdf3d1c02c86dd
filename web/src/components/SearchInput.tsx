import type { InputHTMLAttributes } from 'react';

export interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  /** The box's own class, after the shared field__input. */
  className: string;
  /** Called with the text as it is typed. */
  onSearch: (text: string) => void;
}

/** The input of a search box (its label stays with the page, which places and styles it). */
export function SearchInput({ className, onSearch, ...input }: SearchInputProps) {
  return (
    <input
      type="search"
      className={`field__input ${className}`}
      {...input}
      onChange={(event) => onSearch(event.target.value)}
    />
  );
}
