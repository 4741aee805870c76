// xterm.js writes its layout and colours into <style> elements it creates, which the shop's
// Content-Security-Policy (style-src 'self', nothing inline) refuses. While it opens, the terminal
// gets inert stand-ins whose CSS goes into constructed stylesheets (document.adoptedStyleSheets),
// which the policy leaves alone: the terminal is styled and the policy stays strict.

export function openWithAdoptedStyles(open: () => void): () => void {
  const original = document.createElement.bind(document);
  const sheets: CSSStyleSheet[] = [];
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    if (tagName.toLowerCase() !== 'style') return original(tagName, options);
    const sheet = new CSSStyleSheet();
    sheets.push(sheet);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    // A <template> renders nothing and its text is never applied as CSS.
    const standIn = original('template');
    let text = '';
    Object.defineProperty(standIn, 'textContent', {
      get: () => text,
      set: (value: string | null) => {
        text = value ?? '';
        sheet.replaceSync(text);
      },
    });
    return standIn;
  }) as typeof document.createElement;
  try {
    open();
  } finally {
    document.createElement = original;
  }
  return () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => !sheets.includes(sheet));
  };
}
