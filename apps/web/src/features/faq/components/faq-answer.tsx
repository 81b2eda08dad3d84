import type { FaqBlock } from '../content/faq-entries';
import { HighlightedText } from './highlighted-text';

/** An answer's paragraphs and bullet lists, with the search terms marked. */
export function FaqAnswer({ blocks, terms }: { blocks: FaqBlock[]; terms: string[] }) {
  return (
    <div className="mbo-faq__answer">
      {blocks.map((block, i) =>
        Array.isArray(block) ? (
          <ul key={i}>
            {block.map((item, j) => (
              <li key={j}>
                <HighlightedText text={item} terms={terms} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={i}>
            <HighlightedText text={block} terms={terms} />
          </p>
        ),
      )}
    </div>
  );
}
