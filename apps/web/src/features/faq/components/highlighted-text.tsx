import { splitMatches } from '../utils/search-faq';

/** Text with the parts matching the search terms marked. */
export function HighlightedText({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {splitMatches(text, terms).map((part, i) =>
        part.match ? (
          <mark key={i} className="mbo-faq__mark">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
