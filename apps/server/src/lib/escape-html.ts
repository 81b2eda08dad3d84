const REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML content or an attribute value: the five characters that could end an attribute or start markup, as
 * character references.
 */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => REFERENCES[c]);
