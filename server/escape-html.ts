/**
 * Text made safe for an HTML (or XML) element or attribute, quoted with " or ': the one escape of
 * the server's mails, public pages and sitemap.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
