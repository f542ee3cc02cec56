// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DescriptionEditor } from './description-editor';

function Editor({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <DescriptionEditor id="blurb" value={value} onChange={setValue} />;
}

const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)));

afterEach(cleanup);

describe('the description editor', () => {
  it('is a labelled textarea with a named toolbar of buttons that format the selection', async () => {
    render(<Editor initial="Deep seats" />);
    const area = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
    expect(screen.getByRole('toolbar', { name: 'Description formatting' })).toBeTruthy();
    area.setSelectionRange(0, 4);
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(area.value).toBe('<strong>Deep</strong> seats');
    await nextFrame();
    // Back in the textarea with the word still selected, ready for the next button.
    expect(document.activeElement).toBe(area);
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toBe('Deep');
  });

  it('formats from the keyboard: Ctrl+I, and Ctrl+K with the address selected to type over', async () => {
    render(<Editor initial="See the manual" />);
    const area = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
    area.setSelectionRange(8, 14);
    fireEvent.keyDown(area, { key: 'k', ctrlKey: true });
    expect(area.value).toBe('See the <a href="https://">manual</a>');
    await nextFrame();
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toBe('https://');
    area.setSelectionRange(0, 3);
    fireEvent.keyDown(area, { key: 'i', metaKey: true });
    expect(area.value.startsWith('<em>See</em>')).toBe(true);
  });

  it('moves along the toolbar with the arrow keys', () => {
    render(<Editor initial="" />);
    const bold = screen.getByRole('button', { name: 'Bold' });
    bold.focus();
    fireEvent.keyDown(bold, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Link' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(bold);
  });
});
