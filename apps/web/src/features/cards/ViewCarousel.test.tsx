import type { TCard } from '@parley/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, Providers } from './cards.testkit';
import { ViewCarousel, type ViewCarouselHandle } from './ViewCarousel';
import type { ViewType } from './views';

beforeAll(initTestI18n);
afterEach(cleanup);

const card: TCard = {
  title: 'Revenue by region',
  text: '<p>EMEA led.</p>',
  date: '2026-11-20T00:00:00Z',
  table: [{ Region: 'EMEA', Revenue: 1 }],
  columns: [],
  chart: [],
  insights: ['<b>EMEA</b> leads', 'APAC follows'],
};
const views: ViewType[] = ['insights', 'text'];

function carousel(index: number, loop = false) {
  const onChange = vi.fn();
  const ref = createRef<ViewCarouselHandle>();
  const view = (i: number) => (
    <ViewCarousel
      ref={ref}
      card={card}
      views={views}
      index={i}
      loop={loop}
      className="cc-swiper"
      slideTestId="cc-slide"
      onChange={onChange}
    />
  );
  const { rerender } = render(view(index), { wrapper: Providers });
  return { onChange, ref, show: (i: number) => rerender(view(i)) };
}

describe('ViewCarousel', () => {
  it('has a named slide a view and draws only the one on screen', () => {
    const { show } = carousel(0);
    expect(screen.getByTestId('cc-slide-insights').getAttribute('role')).toBe('group');
    expect(screen.getByTestId('cc-slide-insights').querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByTestId('cc-slide-text').textContent).toBe('');
    show(1);
    expect(screen.getByTestId('cc-slide-text').textContent).toBe('EMEA led.');
    expect(screen.getByTestId('cc-slide-insights').textContent).toBe('');
  });

  it('answers whether it could slide on (the compact card chooses the view itself when not)', () => {
    const { ref } = carousel(1, true);
    expect(ref.current?.next()).toBe(true);
    cleanup();
    expect(ref.current).toBeNull();
  });
});
