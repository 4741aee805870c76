/**
 * A page's title, and the same for link previews (og:title). React puts both in <head>, whether
 * the server renders the page or the browser does.
 */
export function PageTitle({ children }: { children: string }) {
  return (
    <>
      <title>{children}</title>
      <meta property="og:title" content={children} />
    </>
  );
}
