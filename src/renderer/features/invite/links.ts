/**
 * The invite link as something a phone can open: the server's link (links.rw) made absolute
 * against the page's origin if it came relative.
 */
export function absoluteLink(link: string, origin: string): string {
  try {
    return new URL(link, origin).href;
  } catch {
    return link;
  }
}
