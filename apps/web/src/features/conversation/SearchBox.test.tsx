import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readHistory } from './history';
import { SearchBox } from './SearchBox';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('searchHistory:p', JSON.stringify(['revenue by region', 'orders by month']));
});
afterEach(cleanup);

const favourites = [{ phrase: 'top 5 countries by revenue', count: 4 }];

function setup() {
  const onSubmit = vi.fn();
  render(<SearchBox projectId="p" favourites={favourites} onSubmit={onSubmit} speech={false} />);
  const input = screen.getByRole('combobox', { name: 'Ask a question' }) as HTMLInputElement;
  return { onSubmit, input };
}

describe('SearchBox', () => {
  it('shows history and you-may-ask only while focused', () => {
    const { input } = setup();
    expect(screen.queryAllByTestId('suggestion')).toHaveLength(0);
    fireEvent.focus(input);
    expect(screen.getAllByTestId('suggestion').map((o) => o.textContent)).toEqual([
      'revenue by region',
      'orders by month',
      'top 5 countries by revenue',
    ]);
    expect(screen.getByRole('group', { name: 'You may ask' })).toBeTruthy();
    fireEvent.blur(input);
    expect(screen.queryAllByTestId('suggestion')).toHaveLength(0);
  });

  it('moves the highlight with the arrows, fills the text and submits it with Enter', () => {
    const { input, onSubmit } = setup();
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.value).toBe('revenue by region');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.value).toBe('orders by month');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByTestId('suggestion')[1].id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('top 5 countries by revenue'); // wraps to the last
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledWith('top 5 countries by revenue');
    expect(input.value).toBe('');
    expect(readHistory('p')[0]).toBe('top 5 countries by revenue');
  });

  it('hides the list with Escape until the user types again', () => {
    const { input } = setup();
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryAllByTestId('suggestion')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'rev' } });
    expect(screen.getAllByTestId('suggestion').map((o) => o.textContent)).toEqual([
      'revenue by region',
      'top 5 countries by revenue',
    ]);
  });

  it('never sends an empty or blank question', () => {
    const { input, onSubmit } = setup();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Send question' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('removes one history item with the clear icon or Delete', () => {
    const { input } = setup();
    fireEvent.focus(input);
    fireEvent.click(screen.getAllByTestId('suggestion-remove')[0]);
    expect(readHistory('p')).toEqual(['orders by month']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Delete' });
    expect(readHistory('p')).toEqual([]);
    expect(screen.getAllByTestId('suggestion').map((o) => o.textContent)).toEqual([
      'top 5 countries by revenue',
    ]);
  });

  it('asks a suggestion on click', () => {
    const { input, onSubmit } = setup();
    fireEvent.focus(input);
    fireEvent.click(screen.getAllByTestId('suggestion')[2]);
    expect(onSubmit).toHaveBeenCalledWith('top 5 countries by revenue');
  });

  it('focuses the box on "/" from the page, but not while typing in another field', () => {
    const { input } = setup();
    const other = document.createElement('input');
    document.body.appendChild(other);
    const button = document.createElement('button');
    document.body.appendChild(button);
    button.focus();
    fireEvent.keyDown(button, { key: '/' });
    expect(document.activeElement).toBe(input);
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(document.activeElement).toBe(other);
    other.remove();
    button.remove();
  });

  it('opens no suggestions when focused on arrival, until the user asks for them', () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((q: string) => ({ matches: true, media: q })) as unknown as typeof window.matchMedia;
    try {
      render(<SearchBox projectId="p" favourites={favourites} onSubmit={vi.fn()} speech={false} autoFocus />);
      const input = screen.getByRole('combobox', { name: 'Ask a question' });
      expect(document.activeElement).toBe(input);
      expect(screen.queryAllByTestId('suggestion')).toHaveLength(0);
      fireEvent.keyDown(input, { key: 'ArrowDown' });
      expect(screen.getAllByTestId('suggestion').length).toBeGreaterThan(0);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
