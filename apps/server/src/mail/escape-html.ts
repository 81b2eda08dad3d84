/** Text as HTML: the five characters that could end an attribute or start markup, as character references. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
