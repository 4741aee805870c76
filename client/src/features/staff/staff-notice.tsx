/** A titled short message in the dashboard: a refusal, or a page still to come. */
export function StaffNotice({ title, text }: { title: string; text: string }) {
  return (
    <section className="staff-panel staff-notice" aria-labelledby="staff-notice-title">
      <h1 id="staff-notice-title" className="staff-panel__title">
        {title}
      </h1>
      <p className="staff-notice__text">{text}</p>
    </section>
  );
}
