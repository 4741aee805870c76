import type { ReactNode } from 'react';

/**
 * A section body from the locales: one paragraph per line, consecutive lines starting with "- "
 * as a bullet list, and `backticks` for technical names (cookie and storage keys).
 */
export function LegalText({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let items: string[] = [];
  const flushList = () => {
    if (!items.length) return;
    blocks.push(
      <ul key={blocks.length} className="legal-section__list">
        {items.map((item, i) => (
          <li key={i}>{inline(item)}</li>
        ))}
      </ul>,
    );
    items = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('- ')) {
      items.push(line.slice(2));
      continue;
    }
    flushList();
    if (line) blocks.push(<p key={blocks.length}>{inline(line)}</p>);
  }
  flushList();
  return <>{blocks}</>;
}

function inline(text: string): ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}
