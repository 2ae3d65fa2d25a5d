import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { QueryView } from './query-view.tsx';

type Query = { isError: boolean; error: { message: string } | null; data: string[] | undefined };

const render = (query: Query, empty: string | ReturnType<typeof createElement> = 'Nothing here yet.') =>
  renderToStaticMarkup(
    createElement(QueryView<string[]>, {
      query,
      what: 'the outbox',
      empty,
      children: (items) => createElement('ul', null, ...items.map((item) => createElement('li', { key: item }, item))),
    }),
  );

describe('QueryView', () => {
  it('shows a labelled spinner until there is data', () => {
    const html = render({ isError: false, error: null, data: undefined });
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading the outbox');
  });

  it('shows an alert with the reason when loading failed, even over earlier data', () => {
    for (const data of [undefined, ['old']]) {
      const html = render({ isError: true, error: new TRPCClientError('Too many requests'), data });
      expect(html).toContain('role="alert"');
      expect(html).toContain('The outbox could not be loaded. Too many requests');
      expect(html).not.toContain('<li>');
    }
  });

  it('gives no reason for a network failure ("Failed to fetch" tells the reader nothing)', () => {
    const html = render({ isError: true, error: new TRPCClientError('Failed to fetch'), data: undefined });
    expect(html).toContain('The outbox could not be loaded.</p>');
  });

  it('shows the empty state: a sentence in the usual box, or a node as given', () => {
    expect(render({ isError: false, error: null, data: [] })).toMatch(/<p class="[^"]*border-dashed[^"]*">Nothing here yet\.<\/p>/);
    const custom = render({ isError: false, error: null, data: [] }, createElement('div', { 'data-testid': 'custom' }, 'No mail'));
    expect(custom).toBe('<div data-testid="custom">No mail</div>');
  });

  it('renders the content with the data otherwise', () => {
    expect(render({ isError: false, error: null, data: ['a', 'b'] })).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it('by default counts an empty list or a page without rows as empty, and anything without `empty` as content', () => {
    const page = (items: string[]) => ({ items, nextCursor: null });
    const view = (data: unknown, props: Record<string, unknown> = { empty: 'No rows.' }) =>
      renderToStaticMarkup(
        createElement(QueryView<unknown>, { query: { isError: false, error: null, data }, what: 'rows', ...props, children: () => 'content' }),
      );
    expect(view(page([]))).toContain('No rows.');
    expect(view(page(['a']))).toBe('content');
    expect(view({ months: [] })).toBe('content');
    // One record or a set of figures: no empty state to show.
    expect(view([], {})).toBe('content');
    // A custom rule wins over the default.
    expect(view({ months: [] }, { empty: 'No months.', isEmpty: (data: { months: unknown[] }) => data.months.length === 0 })).toContain('No months.');
    expect(view([], { empty: 'Never.', isEmpty: () => false })).toBe('content');
  });
});
