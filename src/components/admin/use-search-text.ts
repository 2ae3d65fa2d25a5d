// A search box's text, typed freely but reset whenever its URL value changes from elsewhere (Clear
// filters, back/forward), so the box never shows a filter that is no longer applied.
import { useState } from 'react';

export function useSearchText(applied: string | undefined): [string, (text: string) => void] {
  const [text, setText] = useState(applied ?? '');
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    // Adjusting state while rendering (React's documented pattern): no effect, no stale frame.
    setSeen(applied);
    setText(applied ?? '');
  }
  return [text, setText];
}
