import { describe, expect, it } from 'vitest';
import { addToHistory, HISTORY_SIZE, validHistory } from './history.js';

describe('search history', () => {
  it('puts the latest search first, without duplicates, keeping the last 10', () => {
    let list = addToHistory([], { text: 'a', search: '/?a' });
    list = addToHistory(list, { text: 'b', search: '/?b' });
    list = addToHistory(list, { text: 'a again', search: '/?a' });
    expect(list).toEqual([
      { text: 'a again', search: '/?a' },
      { text: 'b', search: '/?b' },
    ]);
    for (let i = 0; i < 20; i += 1) list = addToHistory(list, { text: String(i), search: `/?${i}` });
    expect(list).toHaveLength(HISTORY_SIZE);
    expect(list[0].text).toBe('19');
  });

  it('drops malformed stored entries', () => {
    expect(validHistory([{ text: 'x', search: '/?x' }, { text: 1 }, null, 'y'])).toEqual([
      { text: 'x', search: '/?x' },
    ]);
    expect(validHistory({})).toEqual([]);
  });
});
