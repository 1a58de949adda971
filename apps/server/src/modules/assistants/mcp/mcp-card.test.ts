import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { answerText, MCP_MAX_ROWS, mcpAnswer, plainText } from './mcp-card';

const card = (rows: number): TCard => ({
  title: 'Revenue by Region',
  text: '<p>Revenue was <b>1,234</b> &amp; rising.</p><p>EMEA led.</p>',
  date: '2026-11-20T12:00:00Z',
  table: Array.from({ length: rows }, (_, i) => ({ Region: `R${i}`, Revenue: i * 10 })),
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
  ],
  chart: [],
  insights: ['<b>R1</b> grew', { context: 'llm', text: 'A &lt;note&gt;' }],
  query: {
    sql: 'SELECT 1',
    semantic: { measures: ['revenue'], dimensions: ['region'], filters: [] },
  },
});

describe('MCP answers', () => {
  it('turns card HTML into plain text', () => {
    expect(plainText('<p>a &amp; <b>b</b></p><p>c</p>')).toBe('a & b\nc');
  });

  it('gives a card’s numbers bounded, with what was understood and the SQL', () => {
    const answer = mcpAnswer(
      'revenue by region',
      [{ card: card(MCP_MAX_ROWS + 5), phrase: 'revenue by region' }],
      'L',
    );
    expect(answer.kind).toBe('card');
    expect(answer.card!.rows).toHaveLength(MCP_MAX_ROWS);
    expect(answer.card).toMatchObject({
      total_rows: MCP_MAX_ROWS + 5,
      truncated: true,
      sql: 'SELECT 1',
      summary: 'Revenue was 1,234 & rising.\nEMEA led.',
      insights: ['R1 grew', 'A <note>'],
      link: 'L',
      period: null,
    });
    expect(answer.card!.understood?.measures).toEqual(['revenue']);
    const text = answerText(answer, card(3), 'en-GB');
    expect(text).toContain('Revenue by Region');
    expect(text).toContain('R2');
    expect(text).toMatch(/Open in Parley: L$/);
  });

  it('gives a question back with its choices and how to pick one', () => {
    const answer = mcpAnswer(
      'haul',
      [
        {
          text: 'I don’t know “haul”.',
          prompt: { title: 'Did you mean', items: [{ title: 'Revenue', phrase: 'revenue by region' }] },
          phrase: 'haul',
        },
      ],
      'L',
    );
    expect(answer).toMatchObject({ kind: 'question', card: null, message: null });
    expect(answer.ask_back!.question).toBe('I don’t know “haul”.');
    expect(answer.ask_back!.choices).toEqual([{ title: 'Revenue', phrase: 'revenue by region' }]);
    expect(answerText(answer, null, 'en-GB')).toBe(
      'I don’t know “haul”.\n1. Revenue — ask “revenue by region”',
    );
  });

  it('passes a plain reply on as a message', () => {
    const answer = mcpAnswer('hi', [{ text: '<p>Hello</p>', phrase: 'hi' }], 'L');
    expect(answer).toEqual({ kind: 'text', asked: 'hi', card: null, ask_back: null, message: 'Hello' });
  });
});
