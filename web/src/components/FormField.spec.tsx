import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormField } from './FormField';

const render = (props: Partial<Parameters<typeof FormField>[0]>) =>
  renderToStaticMarkup(<FormField label="Name" {...props} />);

/** The text of the element with this id in the markup. */
const textOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('FormField', () => {
  it('ties its hint and its error to the input, and marks the input invalid while there is an error', () => {
    const html = render({ hint: 'At least 8 characters.', error: 'Too short' });
    const input = /<input[^>]*>/.exec(html)![0];
    const described = /aria-describedby="([^"]+)"/.exec(input)![1]!.split(' ');
    expect(described.map((id) => textOf(html, id))).toEqual(['At least 8 characters.', 'Too short']);
    expect(input).toContain('aria-invalid="true"');
  });

  it('says nothing more without an error', () => {
    const input = /<input[^>]*>/.exec(render({ error: null }))![0];
    expect(input).not.toContain('aria-describedby');
    expect(input).not.toContain('aria-invalid');
  });
});
