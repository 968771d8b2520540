import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of a news post's body: what the admin's rich-text editor (tiptap's starter kit,
 * links, images, alignment) produces, and nothing else. No script or style, no event-handler or
 * style attributes, links only to http(s), mailto, tel or the shop's own paths, pictures only
 * from the shop's image library. Applied on every write; what is stored is what is served.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'img', 'mark'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    p: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  allowedStyles: {
    '*': { 'text-align': [/^(left|right|center|justify)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^\/api\/images\/[0-9a-f]{32}\.webp(\?w=\d{1,5})?$/.test(frame.attribs['src'] ?? ''),
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs['href'] ?? '';
      const external = /^https?:/i.test(href);
      const kept: Record<string, string> = { href };
      if (external) {
        kept['target'] = '_blank';
        kept['rel'] = 'noopener noreferrer nofollow';
      }
      return { tagName, attribs: kept };
    },
    b: 'strong',
    i: 'em',
  },
};

export function sanitizeNewsBody(html: string): string {
  return sanitizeHtml(html, options).trim();
}
