import './code-field.css';
import { PICACODE_PLACEHOLDER } from '@fotodrop/contract/constants';
import type { ComponentProps } from 'react';
import { TextField } from './text-field';

/** A text field for an album code (picacode): large monospace capitals, no autocorrect. */
export function CodeField({ className, ...props }: ComponentProps<typeof TextField>) {
  return (
    <TextField
      placeholder={PICACODE_PLACEHOLDER}
      autoComplete="off"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      {...props}
      className={['code-field', className].filter(Boolean).join(' ')}
    />
  );
}

/** An album code shown for reading (monospace, slashed zero). */
export function CodeText({ code, className }: { code: string; className?: string }) {
  return <span className={['code-text', className].filter(Boolean).join(' ')}>{code}</span>;
}
