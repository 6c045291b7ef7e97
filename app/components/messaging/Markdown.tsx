/** Renders the safe markdown subset (app/lib/markdown.ts) as React elements: text only, never HTML. */
import type { ReactNode } from 'react';
import { parseMarkdown, type Inline } from '~/lib/markdown';

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'link':
        return (
          <a key={i} href={node.href} rel="noopener noreferrer">
            {renderInline(node.children)}
          </a>
        );
    }
  });
}

export function Markdown({ source }: { source: string }) {
  return (
    <>
      {parseMarkdown(source).map((block, i) =>
        block.type === 'paragraph' ? (
          <p key={i}>{renderInline(block.children)}</p>
        ) : (
          <ul key={i}>
            {block.items.map((item, k) => (
              <li key={k}>{renderInline(item)}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
