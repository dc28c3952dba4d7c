import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/setup';
import { BibChips } from './bib-chips';
import { BibListInput } from './bib-list-input';

function ListHarness({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  return <BibListInput value={text} onChange={setText} />;
}

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => cleanup());

describe('the issued bibs input', () => {
  it('counts the numbers as they are pasted and lists each refused token with its reason', async () => {
    render(<ListHarness />);
    const box = screen.getByLabelText('Issued bibs');
    fireEvent.change(box, { target: { value: '1001, 1002\n2000-2009\t12 abc 3000-2999' } });
    expect(await screen.findByText(/12 bibs/)).toBeTruthy();
    expect(screen.getByText(/3 refused/)).toBeTruthy();
    const refused = within(screen.getByRole('list', { name: 'Refused entries' }));
    expect(refused.getByText('12').closest('li')!.textContent).toContain('bibs have 3 to 5 digits');
    expect(refused.getByText('abc').closest('li')!.textContent).toContain('not a number');
    expect(refused.getByText('3000-2999').closest('li')!.textContent).toContain(
      'the range ends before it starts',
    );
    fireEvent.change(box, { target: { value: '1001-1003' } });
    expect(await screen.findByText('3 bibs')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Refused entries' })).toBeNull();
  });

  it('is a labelled text area described by its help and its count', () => {
    render(<ListHarness initial="1042" />);
    const box = screen.getByRole('textbox', { name: 'Issued bibs' });
    const described = box.getAttribute('aria-describedby')!.split(' ');
    const texts = described.map((id) => document.getElementById(id)!.textContent);
    expect(texts.join(' ')).toContain('1 bib');
    expect(texts.join(' ')).toContain('2000-2999');
  });
});

describe('the bib chips', () => {
  it('show each bib with how it came: read with its confidence, or added by hand', () => {
    render(
      <BibChips
        bibs={[
          { number: '555', source: 'manual', confidence: null },
          { number: '1042', source: 'ocr', confidence: 0.964 },
        ]}
      />,
    );
    const chips = within(screen.getByRole('list', { name: 'Bibs on this photo' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['555added by hand', '1042read 96 %']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offer a named remove button per bib when the photo can be changed', () => {
    const removed: string[] = [];
    render(
      <BibChips
        bibs={[{ number: '1042', source: 'ocr', confidence: 0.9 }]}
        onRemove={(n) => removed.push(n)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove bib 1042' }));
    expect(removed).toEqual(['1042']);
  });

  it('show nothing for a photo without a bib', () => {
    const { container } = render(<BibChips bibs={[]} />);
    expect(container.textContent).toBe('');
  });
});
